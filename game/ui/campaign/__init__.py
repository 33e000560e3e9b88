"""The campaign's screen (issue 36): the war's map, its orders and marches, the battles before and after
they are fought, an army's page, the calendar's events, the figures and the end (docs/campaigns.md)."""
