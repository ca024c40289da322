"""The Office theme part (xl/theme/theme1.xml) of every workbook Span Studio writes: the
2007 Office theme, as xlsxwriter (BSD-2-Clause) writes it, the part that cells' `theme`
colours and fonts point into."""

from __future__ import annotations

# The typeface of each script in both font lists (the serif and Khmer ones differ).
SCRIPTS = (
    ("Jpan", "ＭＳ Ｐゴシック"),
    ("Hang", "맑은 고딕"),
    ("Hans", "宋体"),
    ("Hant", "新細明體"),
    ("Arab", ""),  # given per list
    ("Hebr", ""),  # given per list
    ("Thai", "Tahoma"),
    ("Ethi", "Nyala"),
    ("Beng", "Vrinda"),
    ("Gujr", "Shruti"),
    ("Khmr", ""),  # given per list
    ("Knda", "Tunga"),
    ("Guru", "Raavi"),
    ("Cans", "Euphemia"),
    ("Cher", "Plantagenet Cherokee"),
    ("Yiii", "Microsoft Yi Baiti"),
    ("Tibt", "Microsoft Himalaya"),
    ("Thaa", "MV Boli"),
    ("Deva", "Mangal"),
    ("Telu", "Gautami"),
    ("Taml", "Latha"),
    ("Syrc", "Estrangelo Edessa"),
    ("Orya", "Kalinga"),
    ("Mlym", "Kartika"),
    ("Laoo", "DokChampa"),
    ("Sinh", "Iskoola Pota"),
    ("Mong", "Mongolian Baiti"),
    ("Viet", ""),  # given per list
    ("Uigh", "Microsoft Uighur"),
)


def _fonts(latin: str, serif: str, khmer: str) -> str:
    """One font list of the theme: its Latin typeface, then one per script."""
    given = {"Arab": serif, "Hebr": serif, "Viet": serif, "Khmr": khmer}
    scripts = "".join(f'<a:font script="{s}" typeface="{given.get(s, t)}"/>' for s, t in SCRIPTS)
    return f'<a:latin typeface="{latin}"/><a:ea typeface=""/><a:cs typeface=""/>{scripts}'


_HEAD = (
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n'
    '<a:theme xmlns:a="http://schemas.openxmlformats.org/drawingml/2006/main" name="Office Theme">'
    '<a:themeElements><a:clrScheme name="Office"><a:dk1>'
    '<a:sysClr val="windowText" lastClr="000000"/></a:dk1><a:lt1>'
    '<a:sysClr val="window" lastClr="FFFFFF"/></a:lt1><a:dk2><a:srgbClr val="1F497D"/>'
    '</a:dk2><a:lt2><a:srgbClr val="EEECE1"/></a:lt2><a:accent1><a:srgbClr val="4F81BD"/>'
    '</a:accent1><a:accent2><a:srgbClr val="C0504D"/></a:accent2><a:accent3>'
    '<a:srgbClr val="9BBB59"/></a:accent3><a:accent4><a:srgbClr val="8064A2"/></a:accent4>'
    '<a:accent5><a:srgbClr val="4BACC6"/></a:accent5><a:accent6><a:srgbClr val="F79646"/>'
    '</a:accent6><a:hlink><a:srgbClr val="0000FF"/></a:hlink><a:folHlink>'
    '<a:srgbClr val="800080"/></a:folHlink></a:clrScheme><a:fontScheme name="Office">'
)
_TAIL = (
    '</a:fontScheme><a:fmtScheme name="Office"><a:fillStyleLst><a:solidFill>'
    '<a:schemeClr val="phClr"/></a:solidFill><a:gradFill rotWithShape="1"><a:gsLst>'
    '<a:gs pos="0"><a:schemeClr val="phClr"><a:tint val="50000"/><a:satMod val="300000"/>'
    '</a:schemeClr></a:gs><a:gs pos="35000"><a:schemeClr val="phClr"><a:tint val="37000"/>'
    '<a:satMod val="300000"/></a:schemeClr></a:gs><a:gs pos="100000">'
    '<a:schemeClr val="phClr"><a:tint val="15000"/><a:satMod val="350000"/></a:schemeClr>'
    '</a:gs></a:gsLst><a:lin ang="16200000" scaled="1"/></a:gradFill>'
    '<a:gradFill rotWithShape="1"><a:gsLst><a:gs pos="0"><a:schemeClr val="phClr">'
    '<a:shade val="51000"/><a:satMod val="130000"/></a:schemeClr></a:gs><a:gs pos="80000">'
    '<a:schemeClr val="phClr"><a:shade val="93000"/><a:satMod val="130000"/></a:schemeClr>'
    '</a:gs><a:gs pos="100000"><a:schemeClr val="phClr"><a:shade val="94000"/>'
    '<a:satMod val="135000"/></a:schemeClr></a:gs></a:gsLst>'
    '<a:lin ang="16200000" scaled="0"/></a:gradFill></a:fillStyleLst><a:lnStyleLst>'
    '<a:ln w="9525" cap="flat" cmpd="sng" algn="ctr"><a:solidFill><a:schemeClr val="phClr">'
    '<a:shade val="95000"/><a:satMod val="105000"/></a:schemeClr></a:solidFill>'
    '<a:prstDash val="solid"/></a:ln><a:ln w="25400" cap="flat" cmpd="sng" algn="ctr">'
    '<a:solidFill><a:schemeClr val="phClr"/></a:solidFill><a:prstDash val="solid"/></a:ln>'
    '<a:ln w="38100" cap="flat" cmpd="sng" algn="ctr"><a:solidFill><a:schemeClr val="phClr"/>'
    '</a:solidFill><a:prstDash val="solid"/></a:ln></a:lnStyleLst><a:effectStyleLst>'
    "<a:effectStyle><a:effectLst>"
    '<a:outerShdw blurRad="40000" dist="20000" dir="5400000" rotWithShape="0">'
    '<a:srgbClr val="000000"><a:alpha val="38000"/></a:srgbClr></a:outerShdw></a:effectLst>'
    "</a:effectStyle><a:effectStyle><a:effectLst>"
    '<a:outerShdw blurRad="40000" dist="23000" dir="5400000" rotWithShape="0">'
    '<a:srgbClr val="000000"><a:alpha val="35000"/></a:srgbClr></a:outerShdw></a:effectLst>'
    "</a:effectStyle><a:effectStyle><a:effectLst>"
    '<a:outerShdw blurRad="40000" dist="23000" dir="5400000" rotWithShape="0">'
    '<a:srgbClr val="000000"><a:alpha val="35000"/></a:srgbClr></a:outerShdw></a:effectLst>'
    '<a:scene3d><a:camera prst="orthographicFront"><a:rot lat="0" lon="0" rev="0"/>'
    '</a:camera><a:lightRig rig="threePt" dir="t"><a:rot lat="0" lon="0" rev="1200000"/>'
    '</a:lightRig></a:scene3d><a:sp3d><a:bevelT w="63500" h="25400"/></a:sp3d>'
    "</a:effectStyle></a:effectStyleLst><a:bgFillStyleLst><a:solidFill>"
    '<a:schemeClr val="phClr"/></a:solidFill><a:gradFill rotWithShape="1"><a:gsLst>'
    '<a:gs pos="0"><a:schemeClr val="phClr"><a:tint val="40000"/><a:satMod val="350000"/>'
    '</a:schemeClr></a:gs><a:gs pos="40000"><a:schemeClr val="phClr"><a:tint val="45000"/>'
    '<a:shade val="99000"/><a:satMod val="350000"/></a:schemeClr></a:gs><a:gs pos="100000">'
    '<a:schemeClr val="phClr"><a:shade val="20000"/><a:satMod val="255000"/></a:schemeClr>'
    '</a:gs></a:gsLst><a:path path="circle">'
    '<a:fillToRect l="50000" t="-80000" r="50000" b="180000"/></a:path></a:gradFill>'
    '<a:gradFill rotWithShape="1"><a:gsLst><a:gs pos="0"><a:schemeClr val="phClr">'
    '<a:tint val="80000"/><a:satMod val="300000"/></a:schemeClr></a:gs><a:gs pos="100000">'
    '<a:schemeClr val="phClr"><a:shade val="30000"/><a:satMod val="200000"/></a:schemeClr>'
    '</a:gs></a:gsLst><a:path path="circle">'
    '<a:fillToRect l="50000" t="50000" r="50000" b="50000"/></a:path></a:gradFill>'
    "</a:bgFillStyleLst></a:fmtScheme></a:themeElements><a:objectDefaults/>"
    "<a:extraClrSchemeLst/></a:theme>"
)

THEME_XML = (
    f"{_HEAD}<a:majorFont>{_fonts('Cambria', 'Times New Roman', 'MoolBoran')}</a:majorFont>"
    f"<a:minorFont>{_fonts('Calibri', 'Arial', 'DaunPenh')}</a:minorFont>{_TAIL}"
)
