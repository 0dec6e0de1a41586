"""Tests of the titles in games/."""
