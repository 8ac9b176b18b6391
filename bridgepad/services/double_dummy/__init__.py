"""Double dummy and par from Bo Haglund's DDS, through endplay: solved off the screen's loop.

``engine`` is what runs in a solving process (the only module that imports endplay);
``solver`` hands a set of boards to a pool of those processes and gathers their answers
as core values (``core.boards.double_dummy``), telling its progress as each board comes.
"""
