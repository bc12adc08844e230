"""The pure rules layer of fabletop: no textual, rich or tui import anywhere below here."""
