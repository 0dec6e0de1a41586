"""Hexland's own rules: none. Every rule comes from shared mechanics configured in its data,
who wins included (the scenario's ``victory`` block, judged by the ``victory`` mechanic: Blue
wins by holding the Capital at the end, HL 15.1). The module stays as the place a title's own
hooks would go."""
