"""Span Studio's engine: formats, evaluation methods and reports. Never imports Qt."""

__version__ = "0.1.0"
