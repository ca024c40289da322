"""Colours the app's views share for messages."""

ERROR_COLOUR = "#b00020"  # the engine's message for input that cannot be used
WARNING_COLOUR = "#8a5a00"  # something worth a look that does not stop an evaluation
NOTE_COLOUR = "#4a4a4a"  # quiet information (a detected format)
