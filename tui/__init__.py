"""The terminal front end of fabletop. Textual is imported only when the UI starts."""
