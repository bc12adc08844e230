"""Widgets that draw game views. They render what they are given and post intents as Messages."""
