"""Dice Upon a Time on screen."""
