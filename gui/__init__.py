"""Span Studio's desktop app (PySide6): views over engine data; it computes no score."""
