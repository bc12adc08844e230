"""Questline: build a 7-card level sequence for the best hero's tale (rules in progress)."""
