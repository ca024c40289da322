"""The one rule of what text a UIMA CAS XMI file may be, for the reader and the app's look at
the file alike: what the XML parser decodes (UTF-8, or what a byte-order mark or the XML
declaration names: UTF-16 with its mark, ISO-8859-1 declared …), said in one wording."""

from __future__ import annotations

import re

from ..errors import InputError
from .xml_errors import xml_error

#: What the reader expects of an XMI file (its XML parser's errors say it).
WELL_FORMED_XMI = "well-formed UIMA CAS XMI (XML)"
#: libxml2's reasons for bytes its encoding does not decode.
_UNDECODED = re.compile(r"Invalid bytes in character encoding|Input is not proper UTF-8|Unsupported encoding")


def undecoded(data: bytes, expected: str, name: str, more: bool = False) -> InputError | None:
    """The error of the first bytes of an XML file (`data`, its first bytes where `more`)
    that the parser cannot decode in its encoding, or None (nor any other error of the XML)."""
    from lxml import etree  # here: a look at a file of another format does not load it

    parser = etree.XMLParser(resolve_entities=False, no_network=True)
    try:
        parser.feed(data)
        if not more:
            parser.close()
    except etree.XMLSyntaxError as err:
        if _UNDECODED.match(err.msg or ""):
            return xml_error(err, expected, name, data)
    return None
