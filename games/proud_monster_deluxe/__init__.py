"""Proud Monster Deluxe (Compass Games, 2011): the Russo-German war, 1941-44, in two-week turns."""
