"""The hand record as a printable page: four boards a sheet, each in the usual diagram with
suit symbols, its double-dummy table and its par.

One self-contained HTML file (its style inline, no script, nothing fetched), laid out for
A4 and US Letter alike: on screen the boards stand two by two; in print each sheet holds
four, a page break after every fourth. Every text is escaped: an event's name is the
only text that comes from outside, and it is written as text, never as markup.
"""

from __future__ import annotations

from collections.abc import Sequence
from html import escape

from bridgepad.core.boards.cards import SUITS
from bridgepad.core.model import Seat, Strain
from bridgepad.core.rules.board_facts import BoardFacts
from bridgepad.core.rules.vulnerability import vulnerable_words
from bridgepad.core.words.board_words import DD_SEATS, DD_STRAINS, holding_text, par_text

PER_PAGE = 4
RED = (Strain.H, Strain.D)

STYLE = """
@page { size: A4; margin: 10mm; }
* { box-sizing: border-box; }
body { font-family: "DejaVu Sans", "Helvetica Neue", Arial, sans-serif; color: #111; margin: 0; background: #fff; }
header { padding: 6mm 6mm 0; }
h1 { font-size: 16pt; margin: 0 0 1mm; }
header p { margin: 0; font-size: 9pt; color: #444; }
.sheet { display: grid; grid-template-columns: 1fr 1fr; gap: 5mm; padding: 5mm 6mm; }
.board { border: 0.4mm solid #999; border-radius: 2mm; padding: 3mm; break-inside: avoid; page-break-inside: avoid; }
.board h2 { font-size: 12pt; margin: 0 0 2mm; display: flex; justify-content: space-between; }
.board h2 .vul { font-weight: normal; font-size: 9.5pt; color: #333; }
.diagram { display: grid; grid-template-columns: 1fr 1fr 1fr; grid-template-rows: auto auto auto; gap: 1mm 2mm;
  font-size: 10.5pt; line-height: 1.3; }
.hand { white-space: nowrap; }
.hand .seat { font-size: 8pt; color: #555; text-transform: uppercase; letter-spacing: 0.05em; }
.hand .hcp { font-size: 8pt; color: #777; }
.n { grid-column: 2; grid-row: 1; } .w { grid-column: 1; grid-row: 2; } .e { grid-column: 3; grid-row: 2; }
.s { grid-column: 2; grid-row: 3; }
.compass { grid-column: 2; grid-row: 2; align-self: center; justify-self: center; width: 17mm; height: 17mm;
  border: 0.4mm solid #555; border-radius: 1.5mm; display: grid; grid-template-columns: 1fr 1fr 1fr;
  grid-template-rows: 1fr 1fr 1fr; font-size: 8pt; text-align: center; align-items: center; }
.compass .cn { grid-column: 2; grid-row: 1; } .compass .cw { grid-column: 1; grid-row: 2; }
.compass .ce { grid-column: 3; grid-row: 2; } .compass .cs { grid-column: 2; grid-row: 3; }
.compass .dealer { font-weight: bold; text-decoration: underline; }
.compass .vulnerable { color: #b00; }
.red { color: #c00; }
.suit { display: inline-block; width: 1.1em; }
.dd { border-collapse: collapse; margin-top: 2.5mm; font-size: 9pt; }
.dd th, .dd td { border: 0.25mm solid #bbb; padding: 0.4mm 1.8mm; text-align: center; }
.dd th { background: #f0f0f0; font-weight: normal; }
.par { font-size: 9.5pt; margin: 1.5mm 0 0; }
.wait { font-size: 9pt; color: #666; margin-top: 2mm; }
@media print {
  header { padding: 0 0 2mm; }
  .sheet { padding: 0; break-after: page; page-break-after: always; height: 240mm; grid-template-rows: 1fr 1fr; }
  .sheet:last-of-type { break-after: auto; page-break-after: auto; }
}
"""


def _suit(strain: Strain) -> str:
    cls = "suit red" if strain in RED else "suit"
    return f'<span class="{cls}">{strain.symbol}</span>'


def _hand(facts: BoardFacts, seat: Seat) -> str:
    rows = "".join(f"<div>{_suit(suit)}{escape(holding_text(facts.deal, seat, suit, spaced=True))}</div>" for suit in SUITS)
    head = f'<div class="seat">{seat.word} <span class="hcp">{facts.deal.points(seat)}</span></div>'
    return f'<div class="hand {seat.value.lower()}">{head}{rows}</div>'


def _compass(facts: BoardFacts) -> str:
    cells = []
    for seat, cls in ((Seat.N, "cn"), (Seat.W, "cw"), (Seat.E, "ce"), (Seat.S, "cs")):
        marks = [cls]
        if seat is facts.dealer:
            marks.append("dealer")
        if seat.side in facts.vulnerable:
            marks.append("vulnerable")
        cells.append(f'<span class="{" ".join(marks)}">{seat.value}</span>')
    return f'<div class="compass" title="dealer underlined, vulnerable in red">{"".join(cells)}</div>'


def _dd(facts: BoardFacts) -> str:
    if facts.solution is None:
        return '<p class="wait">Double dummy not worked out.</p>'
    t = facts.solution.tricks
    head = "".join(f"<th>{_suit(s) if s is not Strain.NT else 'NT'}</th>" for s in DD_STRAINS)
    body = "".join(
        f"<tr><th>{seat.value}</th>" + "".join(f"<td>{t.of(seat, s)}</td>" for s in DD_STRAINS) + "</tr>" for seat in DD_SEATS
    )
    par = escape(par_text(facts.solution.par))
    return f'<table class="dd"><tr><th></th>{head}</tr>{body}</table><p class="par">Par: {par}</p>'


def board_html(facts: BoardFacts) -> str:
    words = vulnerable_words(facts.vulnerable)
    vul = escape(words[:1].upper() + words[1:])
    return (
        f'<section class="board" id="board-{facts.board}">'
        f'<h2><span>Board {facts.board}</span><span class="vul">{facts.dealer.word} deals · {vul}</span></h2>'
        f'<div class="diagram">{_hand(facts, Seat.N)}{_hand(facts, Seat.W)}{_compass(facts)}'
        f"{_hand(facts, Seat.E)}{_hand(facts, Seat.S)}</div>"
        f"{_dd(facts)}</section>"
    )


def page(boards: Sequence[BoardFacts], title: str, subtitle: str = "") -> str:
    """The printable page of ``boards``, four to a sheet."""
    sheets = []
    for k in range(0, len(boards), PER_PAGE):
        sheets.append('<div class="sheet">' + "".join(board_html(b) for b in boards[k : k + PER_PAGE]) + "</div>")
    sub = f"<p>{escape(subtitle)}</p>" if subtitle else ""
    return (
        "<!doctype html>\n"
        '<html lang="en"><head><meta charset="utf-8">'
        '<meta name="viewport" content="width=device-width, initial-scale=1">'
        f"<title>{escape(title)}</title><style>{STYLE}</style></head>"
        f"<body><header><h1>{escape(title)}</h1>{sub}</header>\n" + "\n".join(sheets) + "\n</body></html>\n"
    )
