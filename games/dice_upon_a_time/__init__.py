"""Dice Upon a Time: place dice to travel a fairy-tale map and complete quests (coming soon)."""
