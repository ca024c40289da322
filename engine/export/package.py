"""An .xlsx package (ECMA-376 Part 1, laid out as xlsxwriter lays it out) zipped straight
into an open file: each worksheet's XML streamed into the zip as it is made, then the parts
every workbook has ([Content_Types].xml, the relationships, workbook.xml, styles.xml, the
theme and the document properties)."""

from __future__ import annotations

import re
import time
import zipfile
from dataclasses import dataclass
from typing import IO, Any

from isal import isal_zlib

from .sheetxml import HEAD, Sheet, attribute, column_number, xml_text
from .theme import THEME_XML

MAIN = "http://schemas.openxmlformats.org/spreadsheetml/2006/main"
RELS = "http://schemas.openxmlformats.org/package/2006/relationships"
DOC_RELS = "http://schemas.openxmlformats.org/officeDocument/2006/relationships"
DOC_PROPS = "http://schemas.openxmlformats.org/officeDocument/2006"
HIDDEN = ' state="hidden"'
HIDDEN_NAME = ' hidden="1"'
TYPES = "application/vnd.openxmlformats-officedocument."
MAX_ROWS, MAX_COLUMNS = 1_048_576, 16_384
DATA_CHUNK = 30_000  # characters of data read back from the workbook per cell
_WORD = re.compile(r"[^\W\d.][\w.]*")  # a name needing no quotes, unless it reads as a reference
_CELL = re.compile(r"([A-Z]{1,3})(\d+)")
_R1C1 = re.compile(r"R[1-9]|R?C[1-9]|(R|C|RC)$")
FONT_TAIL = '<name val="Calibri"/><family val="2"/><scheme val="minor"/></font>'
DEFAULT_COLOR = '<color theme="1"/>'


@dataclass(frozen=True)
class Style:
    """A cell format: font, number format, alignment and the quote prefix."""

    bold: bool = False
    size: int = 11
    color: str = ""  # "RRGGBB", or "" for the theme's text colour
    underline: bool = False
    num_format: str = ""
    wrap: bool = False
    top: bool = False  # aligned to the top of the cell
    quote: bool = False  # shown as text even where it looks like a formula

    def font_xml(self, tag: str = "font", name: str = "name") -> str:
        """The font as styles.xml (`font`, `name`) or a rich-text run (`rPr`, `rFont`) holds it."""
        color = f'<color rgb="FF{self.color}"/>' if self.color else DEFAULT_COLOR
        bold, underline = "<b/>" * self.bold, "<u/>" * self.underline
        tail = FONT_TAIL.replace("name", name, 1).replace("font>", f"{tag}>")
        return f'<{tag}>{bold}{underline}<sz val="{self.size}"/>{color}{tail}'

    def font_key(self) -> tuple[bool, int, str, bool]:
        return self.bold, self.size, self.color, self.underline


class Styles:
    """The cell formats a workbook uses, numbered in the order they are asked for."""

    def __init__(self) -> None:
        self.styles: dict[Style, int] = {Style(): 0}
        self.fonts: dict[tuple[bool, int, str, bool], Style] = {Style().font_key(): Style()}
        self.num_formats: dict[str, int] = {}

    def index(self, style: Style) -> int:
        """The number of `style` in the workbook's cellXfs."""
        if style not in self.styles:
            self.styles[style] = len(self.styles)
            self.fonts.setdefault(style.font_key(), style)
            if style.num_format:
                self.num_formats.setdefault(style.num_format, 164 + len(self.num_formats))
        return self.styles[style]

    def xml(self) -> str:
        fonts = list(self.fonts)
        parts = [HEAD, f'<styleSheet xmlns="{MAIN}">']
        if self.num_formats:
            parts.append(f'<numFmts count="{len(self.num_formats)}">')
            parts += [f'<numFmt numFmtId="{n}" formatCode={attribute(code)}/>'
                      for code, n in self.num_formats.items()]  # fmt: skip
            parts.append("</numFmts>")
        font_list = "".join(style.font_xml() for style in self.fonts.values())
        parts.append(f'<fonts count="{len(fonts)}">{font_list}</fonts>')
        parts.append('<fills count="2"><fill><patternFill patternType="none"/></fill><fill><patternFill '
                     'patternType="gray125"/></fill></fills><borders count="1"><border><left/><right/><top/>'
                     '<bottom/><diagonal/></border></borders><cellStyleXfs count="1"><xf numFmtId="0" '
                     'fontId="0" fillId="0" borderId="0"/></cellStyleXfs>')  # fmt: skip
        parts.append(f'<cellXfs count="{len(self.styles)}">')
        parts += [self._xf(style, fonts.index(style.font_key())) for style in self.styles]
        parts.append('</cellXfs><cellStyles count="1"><cellStyle name="Normal" xfId="0" builtinId="0"/>'
                     '</cellStyles><dxfs count="0"/><tableStyles count="0" defaultTableStyle='
                     '"TableStyleMedium9" defaultPivotStyle="PivotStyleLight16"/></styleSheet>')  # fmt: skip
        return "".join(parts)

    def _xf(self, style: Style, font: int) -> str:
        number = self.num_formats.get(style.num_format, 0)
        attributes = f'numFmtId="{number}" fontId="{font}" fillId="0" borderId="0" xfId="0"'
        attributes += ' quotePrefix="1"' * style.quote + ' applyNumberFormat="1"' * bool(number)
        attributes += ' applyFont="1"' * bool(font)
        if not (style.wrap or style.top):
            return f"<xf {attributes}/>"
        alignment = ' vertical="top"' * style.top + ' wrapText="1"' * style.wrap
        return f'<xf {attributes} applyAlignment="1"><alignment{alignment}/></xf>'


class Package:
    """The zip file of a workbook; `sheet` opens the next worksheet's part."""

    def __init__(self, handle: IO[bytes], large: bool = False) -> None:
        self.zip = zipfile.ZipFile(handle, "w", zipfile.ZIP_DEFLATED, compresslevel=1)
        self.large = large  # parts past 2 GiB possible: zip64 entries
        self.styles = Styles()
        self.sheets: list[tuple[str, bool]] = []  # (name, hidden)
        self.names: list[tuple[str, int, str, bool]] = []  # (defined name, sheet, range, hidden)
        self.current: Part | None = None  # the part being written

    def sheet(self, name: str, hidden: bool = False) -> Sheet:
        """The next worksheet (the first one is the selected tab)."""
        self.sheets.append((name, hidden))
        part = f"xl/worksheets/sheet{len(self.sheets)}.xml"
        self.current = Part(self.zip.open(part, "w", force_zip64=self.large))
        return Sheet(self.current, name, selected=len(self.sheets) == 1)

    def define(self, sheet: Sheet, name: str, cells: str, hidden: bool = False) -> None:
        """A defined name local to `sheet` (an autofilter's range, print titles)."""
        index = [n for n, _ in self.sheets].index(sheet.name)
        self.names.append((name, index, f"{quoted_name(sheet.name)}!{cells}", hidden))

    def abandon(self) -> None:
        """Close an unfinished package (its file is about to be removed)."""
        if self.current is not None:
            self.current.close()
        self.zip.close()

    def close(self, comment: bytes = b"") -> None:
        """Write the package's other parts and close the zip file (with `comment` as the
        zip's comment: a program that saves the workbook again writes its own zip, without it)."""
        parts = {"[Content_Types].xml": self._content_types(), "_rels/.rels": _ROOT_RELS,
                 "docProps/app.xml": self._app(), "docProps/core.xml": _core(),
                 "xl/workbook.xml": self._workbook(), "xl/_rels/workbook.xml.rels": self._workbook_rels(),
                 "xl/styles.xml": self.styles.xml(), "xl/theme/theme1.xml": THEME_XML}  # fmt: skip
        for name, text in parts.items():
            self.zip.writestr(name, text.encode("utf-8"))
        self.zip.comment = comment
        self.zip.close()

    def _content_types(self) -> str:
        overrides = [("/docProps/app.xml", f"{TYPES}extended-properties+xml"),
                     ("/docProps/core.xml", "application/vnd.openxmlformats-package.core-properties+xml"),
                     ("/xl/styles.xml", f"{TYPES}spreadsheetml.styles+xml"),
                     ("/xl/theme/theme1.xml", f"{TYPES}theme+xml"),
                     ("/xl/workbook.xml", f"{TYPES}spreadsheetml.sheet.main+xml")]  # fmt: skip
        overrides += [(f"/xl/worksheets/sheet{n}.xml", f"{TYPES}spreadsheetml.worksheet+xml")
                      for n in range(1, len(self.sheets) + 1)]  # fmt: skip
        return (f'{HEAD}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">'
                '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.'
                'relationships+xml"/><Default Extension="xml" ContentType="application/xml"/>'
                + "".join(f'<Override PartName="{p}" ContentType="{t}"/>' for p, t in overrides)
                + "</Types>")  # fmt: skip

    def _workbook(self) -> str:
        sheets = "".join(f'<sheet name={attribute(name)} sheetId="{n}"{HIDDEN * hidden} r:id="rId{n}"/>'
                         for n, (name, hidden) in enumerate(self.sheets, start=1))  # fmt: skip
        names = "".join(f'<definedName name="{name}" localSheetId="{index}"{HIDDEN_NAME * hidden}>'
                        f"{xml_text(cells)}</definedName>"
                        for name, index, cells, hidden in self._sorted_names())  # fmt: skip
        defined = f"<definedNames>{names}</definedNames>" if names else ""
        return (f'{HEAD}<workbook xmlns="{MAIN}" xmlns:r="{DOC_RELS}"><fileVersion appName="xl" '
                'lastEdited="4" lowestEdited="4" rupBuild="4505"/><workbookPr defaultThemeVersion="124226"/>'
                '<bookViews><workbookView xWindow="240" yWindow="15" windowWidth="16095" '
                f'windowHeight="9660"/></bookViews><sheets>{sheets}</sheets>{defined}'
                '<calcPr calcId="124519" fullCalcOnLoad="1"/></workbook>')  # fmt: skip

    def _sorted_names(self) -> list[tuple[str, int, str, bool]]:
        """The defined names in Excel's order (by name without `_xlnm.`, then sheet)."""

        def key(item: tuple[str, int, str, bool]) -> str:
            return item[0].replace("_xlnm.", "").lower() + "::" + item[2].lstrip("'").lower()

        return sorted(self.names, key=key)

    def _workbook_rels(self) -> str:
        kinds = [("worksheet", f"worksheets/sheet{n}.xml") for n in range(1, len(self.sheets) + 1)]
        kinds += [("theme", "theme/theme1.xml"), ("styles", "styles.xml")]
        return _relationships([(f"{DOC_RELS}/{kind}", target) for kind, target in kinds])

    def _app(self) -> str:
        """docProps/app.xml: the sheets' names and the print titles' (named ranges)."""
        titles = [name for name, _ in self.sheets]
        titles += [cells.split("!")[0] + "!" + name.replace("_xlnm.", "")
                   for name, _, cells, hidden in self._sorted_names() if not hidden]  # fmt: skip
        pairs = [("Worksheets", len(self.sheets))]
        if len(titles) > len(self.sheets):
            pairs.append(("Named Ranges", len(titles) - len(self.sheets)))
        heading = "".join(f"<vt:variant><vt:lpstr>{kind}</vt:lpstr></vt:variant><vt:variant><vt:i4>{n}"
                          "</vt:i4></vt:variant>" for kind, n in pairs)  # fmt: skip
        parts = "".join(f"<vt:lpstr>{xml_text(title)}</vt:lpstr>" for title in titles)
        return (f'{HEAD}<Properties xmlns="{DOC_PROPS}/extended-properties" xmlns:vt="{DOC_PROPS}/'
                'docPropsVTypes"><Application>Microsoft Excel</Application><DocSecurity>0</DocSecurity>'
                f'<ScaleCrop>false</ScaleCrop><HeadingPairs><vt:vector size="{2 * len(pairs)}" '
                f'baseType="variant">{heading}</vt:vector></HeadingPairs><TitlesOfParts><vt:vector '
                f'size="{len(titles)}" baseType="lpstr">{parts}</vt:vector></TitlesOfParts><Company>'
                "</Company>"
                "<LinksUpToDate>false</LinksUpToDate><SharedDoc>false</SharedDoc><HyperlinksChanged>false"
                "</HyperlinksChanged><AppVersion>12.0000</AppVersion></Properties>")  # fmt: skip


class Part:
    """A worksheet's part in the zip, written through ISA-L: deflated (level 1 of its 0-3)
    and checksummed (its crc32 takes a quarter of the time of zlib's, which zipfile's own
    write uses): a sheet's XML is most of what is written. What zipfile's write keeps of a
    part (its sizes and CRC) is kept as it keeps it, for its close to write the headers."""

    def __init__(self, handle: IO[bytes]) -> None:
        self.handle: Any = handle  # zipfile's writer of the part
        self.handle._compressor = isal_zlib.compressobj(1, isal_zlib.DEFLATED, -15)

    def write(self, data: bytes) -> None:
        handle = self.handle
        handle._file_size += len(data)
        handle._crc = isal_zlib.crc32(data, handle._crc)
        deflated = handle._compressor.compress(data)
        handle._compress_size += len(deflated)
        handle._fileobj.write(deflated)

    def close(self) -> None:
        self.handle.close()


def quoted_name(name: str) -> str:
    """A sheet's name as a reference holds it: in quotes (' doubled) unless it is a word
    that reads as no cell or R1C1 reference (xlsxwriter's rules)."""
    upper = name.upper()
    cell = _CELL.fullmatch(upper)
    plain = (
        _WORD.fullmatch(name)
        and not (cell and column_number(cell[1]) <= MAX_COLUMNS and 0 < int(cell[2]) <= MAX_ROWS)
        and not _R1C1.match(upper)
    )
    return name if plain else "'" + name.replace("'", "''") + "'"


def _core() -> str:
    now = time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime())
    return (f'{HEAD}<cp:coreProperties xmlns:cp="http://schemas.openxmlformats.org/package/2006/metadata/'
            'core-properties" xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:dcterms="http://purl.org/dc/'
            'terms/" xmlns:dcmitype="http://purl.org/dc/dcmitype/" xmlns:xsi="http://www.w3.org/2001/'
            'XMLSchema-instance"><dc:creator></dc:creator><cp:lastModifiedBy></cp:lastModifiedBy>'
            f'<dcterms:created xsi:type="dcterms:W3CDTF">{now}</dcterms:created><dcterms:modified '
            f'xsi:type="dcterms:W3CDTF">{now}</dcterms:modified></cp:coreProperties>')  # fmt: skip


def _relationships(targets: list[tuple[str, str]]) -> str:
    items = "".join(f'<Relationship Id="rId{n}" Type="{kind}" Target="{target}"/>'
                    for n, (kind, target) in enumerate(targets, start=1))  # fmt: skip
    return f'{HEAD}<Relationships xmlns="{RELS}">{items}</Relationships>'


_ROOT_RELS = _relationships([
    (f"{DOC_RELS}/officeDocument", "xl/workbook.xml"),
    (f"{RELS}/metadata/core-properties", "docProps/core.xml"),
    (f"{DOC_RELS}/extended-properties", "docProps/app.xml"),
])  # fmt: skip
