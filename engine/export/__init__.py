"""Exporters: a Report written as JSON, CSV, a review workbook or HTML."""
