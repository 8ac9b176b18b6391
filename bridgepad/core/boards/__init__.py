"""The boards themselves: the cards of each deal, how bridgepad deals them, what double
dummy makes of them and the club's field that played them.

Plain values and the rules that make them, below the scoring rules (which keep a
game's boards, ``rules.game.Game.deals``) and above the words of the game
(``core.model``). Solving a deal is the services' work (``services.double_dummy``):
the core only holds what the solver found.
"""
