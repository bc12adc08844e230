"""Once Upon a Line's legal commands as headless play reads them (a core Listing): read as a list,
they are legal.py's listing, built on first use; `draw` picks one uniformly without building it.

A state offers hundreds of placements (every tile set, every way from every anchor word), and
searching them all costs far more than the move. How many ways each tile set could be laid from
the anchor words depends on the shapes and the words alone, so it is counted once and kept from
move to move; the draw picks among those ways and the other commands, and keeps the first pick
that is legal and listed (not refused, and not scratching in the same order as a way listed
before it): rejection sampling, uniform over the listing by construction.

(Weighed, not built: dropping the dead rays from what the draw picks among (those stopped by an
uncovered Stop or Skull or scratched to the card's edge stay refused for the rest of the chapter).
They are about 0.65 of the 1.4 refused picks a move, some 6% of a move's time; but an anchor word's
ray dies in 0.42 of the moves (0.51 deaths a move, 200 seeded games), and each death changes what
every shape of the hero can draw: rebuilding a hero's ways costs about 17 us with its tile shapes
known (4.8 shapes a hero, 1.7 heroes drawing), some 12 us a move against the 2 us the refusals cost.
Also tried: a per-state list of live ways by shape, a way swapped out when a pick finds it refused
for good: picks a move 1.97 -> 1.95 and instructions a move +18% (150 seeded games), since a game
draws some 70 picks among hundreds of ways and seldom meets the same dead way twice: only ways
dropped before they are picked would help. What they are, 200 seeded games, a move: 1.97 picks,
0.57 kept, 1.40 refused, of which 1.31 for good: an overlap scratching nothing 0.50, a ray
scratched to the edge 0.40, an uncovered Stop or Skull on a ray 0.25, or under an overlap 0.16.
All of them follow from each anchor word's rays alone: a ray's run of scratched squares, and for
the overlaps of a length the runs and first uncovered Stop of the two rays past the word's ends
(the live overlaps of a length are an interval of how far they stick out); keeping those per word
from the squares each action scratches would make the picks exact, but in Python the checks per
scratched square cost about what the refusals do.)

(Measured and dropped, cachegrind 150 seeded games: the blocked squares kept in Drawn while no
square is uncovered, 160.4k -> 161.5k instructions a move (a move mostly uncovers some); kept
instead while no Stop, Skull or Lock box square is uncovered and no box opens (blocked_now: working
them out costs ~5.5k, not little), 124.8k -> 123.8k; hero_part's key flattened into one tuple
(Reserve and sizes unpacked), 157.8k -> 158.1k. A window of 150 games can hold one full garbage
collection more or less than another tree's: compare with the collector off, or over 400 games.)

(Where a move goes, issue 21, cachegrind, 400 seeded games after 30 warm-up, --no-gc: 149.9k on
f010fdf, 132.5k after the hot path below lost lines and calls. Of the 132.5k: ~17.6k counting what
the warm-up did not meet (the same 400 games played again cost ~115-119k: hero parts ~3.5k, hero and
shape ways ~6k, word layouts ~6k, new UseTiles objects ~2k); setup ~8.9k; applying ~57k with setup
(replaying the logs); the draw and the engine the rest. Python lines a move (sys.settrace, 100
games): ~288, of which the draw ~130 (sample 48, drawing 32, placed_at 32, listed_before 5), scratch
21, Runtime.run 20, complete_words 10, carry_out 9, dataclass __init__s of events 8. A line costs
~450 instructions, a Python call ~1k: what paid was fewer of both where every move passes (the hero
key written out in drawing, a ray's run and the command's name written out in the pick, numbers
drawn with getrandbits inline, Drawn.forget and uncover written in, the engine's listed/callback/
LogEntry calls gone), 1-3% each. The refused picks are ~1.4 x ~31 lines, ~15% of a move: the one
piece left big enough to meet issue 21's goal alone, if the exact picks above can be kept cheaper
than they cost. Tried and dropped: a ray's run by takewhile (in C) against each ray's first Stop
kept, 134.0k -> 135.8k (the Python loop turns ~2.85 times a ray pick: cheaper than list + len);
anchor words sorted so the kept keys meet more often: play changes, and over 400 games new word
layouts 16 -> 41 and 139.8k a move.)

(Exact picks cannot keep the same games: the draw draws a number over every counted way, refused
or not, so dropping the dead ways from what it draws over changes the picks (and the seeded games
and saves with them). Only the cost of each refused pick can fall.)

(Where a move goes after issue 21's second pass, cachegrind, 200 seeded games after 30 warm-up,
--no-gc: 132.0k on d116b84, 122.5k after quick_init's event constructors (games/core/messages.py,
-5.0k and -1.0k), one tuple a square (grid.one_cell: sets find squares by identity, -1.7k) and
blocked_now (-1.0k); 120.8k after CELL_NAMES keyed by those tuples (-0.3k), each word's way numbers
made once (numbered: -1.1k) and the Reserve's Standard Tile ids shared by every game (-0.4k). Of the
122.5k: setup ~7.8k (new_chapter ~230k a game, of which the start steps ~134k); applying ~43k
(seat_applies on the drawn placing, replayed); sample ~30k with ~2.2 picks (a pick ~10k: its number
and part ~2.7k, shape/set/way ~2.4k, placed_at ~3.7k; neither the ray check written into sample
(+0.9% a sample) nor a first check of dead rays before placed_at (+7.5% a sample) paid: a Python
call on 3.11 costs far less than the ~1k guessed above); drawing ~12-15k with one hero listed
afresh; the engine the rest. ~16k of it is what the warm-up did not meet, all in _KEPT (the same 200
games again: 106.5k; with _KEPT alone emptied: 122.6k): hero parts, HeroWays, ShapeWays and tile
shapes ~4k each; a longer run meets fewer new ones. Tried and dropped: a chapter's first state (no
campaign) worked out once and copied by LineState.copy for each game, 120.8k -> 122.1k (the copy
costs more than the start steps); game.listing as LegalListing itself (-0.2k) or made by
object.__new__ (-0.3k); tile_shapes' sets by map, not a comprehension (+0.02k); Happened-like
one-field events made through the loose twin (quick_init keeps the setters below three fields: a
class change costs about two setter calls).)

(Issue 21's third pass, same measure (200 games after 30, --no-gc; runs of one tree differ by
~150, and a change that moves where objects are allocated can move a tree's count by some 300 more
(dicts keyed by id() probe differently): take two runs of each before calling a change under 0.5k
a gain): 121.6k on 1be7cc1, 113.4-113.6k after the steps below, 112.8k after listed_before
comparing ints, not tuples (-0.4k), and a hero's Reserve and sizes in one tuple of its key
(-0.3k); 115.2k with the collector on (124.7k before). The chapter's first state copied did pay once
LineState.copy and HeroBoard.copy build through the constructors: copy.copy read each instance's
__dict__, which makes one, and every attribute read of the state and boards went the slow way after
it (the copy 127k -> 64k instructions, setup 249k -> 109k a game; a move -3.6k); LineState and
HeroBoard as slots dataclasses (the state has 33 attributes: past 30 no shared keys), -1.2k; a hero
part keyed by its Reserve tiles' own sizes, not every Standard Tile's (1590 -> 1020 first-time hero
parts, 975 -> 623 HeroWays), -1.6k; an overlap that scratches nothing refused by one set test
before scratching (0.4 a move), -0.7k; HeroWays looking up its shapes' ways itself, hero_part
its HeroWays (no shape_ways, hero_ways or keep calls), -0.6k; replace_tiles and move_hero
proceeding only when jobs wait, -0.3k. Now: the same 200 games again cost 103.3k, so ~10k a move
is still first-time work (16.8 Python lines and 3.4 calls a move by sys.settrace, the rest new
objects and growing dicts: hero parts 0.15 a move, HeroWays 0.09, new UseTiles commands 0.32,
ShapeWays 0.02, tile shapes 0.01, six WordLayouts in 200 games); setup ~3.2k. Tried and dropped:
uncover and complete_words looping over map(squares.__getitem__, cells) and map(by_cell.get,
cells) (a line less a square, but +1.1k a move: a subscript of a dict is a specialised bytecode,
a bound method called through map is not); __slots__ on HeroWays, ShapeWays and StarWays (no
change: their attributes are read as fast from an instance's inline values). Not tried, by counts
alone: keying a hero part without the hero (first-time hero parts 1020 -> 752 by a replay of the
keys, but the hero's part would be wrapped afresh at every draw); bisecting the parts in sample
instead of walking them (3.6 steps over 2.3 picks a move: about as many lines as the bisection).)

(Issue 21's fourth pass, same measure (bench/random_play_instructions.py once-upon-a-line --games
200 --no-gc): 112.3k on e33051e. A ShapeWays' ways as (word layout, way index, k, ray or None),
made once per word and k as the numbers were: a pick reads its ray at once, no shift, mask and
two subscripts (110.9k, -1.3k; two runs of each). Tried and dropped (one run each unless told):
drawing summing the heroes' parts by map, itemgetter and chain (the loop only filling what is
missing), +8.4k; the hero key on the Reserve unsorted (sorted only for the tile shapes when a part
is missing): far more first-time hero parts, +3.6k; the ray entries holding the shape's producers
list of their scratch order (no id() and lookup a ray pick), -0.04k; HeroWays.groups holding each
group's start and size, +0.02k; drawn_segments written into seat_applies (a call less a UseTiles),
-0.15k; Word keeping its cells as a frozenset for complete_words' test, -0.01k; each ray keeping
where its first Stop or Skull lies so the run loop asks only `uncovered` (one test against it
after), -0.24k in two runs but a second way of saying run_along's rule. Measured by timeit, not
tried: LineState built positionally in copy (1.0 us -> 0.43 us of a 5.2 us copy, once a game);
an event costs 0.14 us (Happened) to 0.33 us (SquaresScratched) to make, ~2.5 a move. The events
were the biggest piece left outside the draw: with SquaresScratched, HourglassScratched and the
Happened of tiles_back and move_to replaced by one constant each (play unchanged, 6,871 moves),
110.9k -> 101.5k a move, SquaresScratched alone -6.7k (with scratch_event's square names and what
they show). They are frozen values and recur from game to game (three scratches in four, 200
games after 30), so each is now made once and handed out again as the listing's commands are:
actions.scratch_event -3.0k, tragedy.hourglass_event -1.2k, tiles_back and move_to -0.7k: 106.0k.
Then the read and word jobs shared (jobs.read_job and complete_words, 0.13 a move: -0.6k) and
the Happened of the steps and penalties by their text (events.happened, 0.4 a move: -0.5k, two
runs each): 105.0k (108.0k with the collector on; main 114.5k). Left, each under ~0.2k: the zone
and return jobs (0.06 a move), CardTaken (0.09), WordCompleted (0.07).)

(Issue 21's fifth pass, same measure: 105.0k on 4f64c2a (105,018, 105,035, 105,128). Where it goes:
the same 200 games again cost 92.1k (as replayed logs: setup 3.2k, 111k a game; Table and Runtime
1.6k more, 56k a game, of which the bot's Mersenne Twister seeded ~25k; applying 42k; the draw and
the engine ~45k); ~2.8k is the interpreter's teardown, not play (the final collections and freeing
what the counted games added to the caches: the same runs ended by os._exit, 101.6k against
104.4k); first-time work is 129 of ~1,600 bytecodes a move (hero_part 103: HeroWays 62, numbered
31, WordLayouts 29, seven in 200 games at ~28k bytecodes each; new UseTiles 15; tile_shapes 15).
bench/random_play.py plays one selfplay a game with the collector on: 3,000 games so, 101.2k a
move, and the collector took 3.3% of the wall time (gc callbacks; its full collections rescanned
every cache, 165k tracked objects after 3,000 games, some 27 ms each); selfplay now freezes what
lives before each game (games/core/selfplay.py): 99.7k, the collector 0.15%. Kept: the whole
listing's parts no longer kept in Drawn (found again at none of 6,871 moves: -0.5k); WordCompleted
and CardTaken made once (-0.26k, four runs each): 104.2k; Table.carry_out looking for an event
that reveals itself instead of calling Game.reveals (-0.5k: a Python call a move); the picks
refused for good found by one set test, kept with each way by numbered (the squares whose
scratching refuses it for good): rays scratched to the card's edge (-1.25k), or to a Stop or Skull
(-0.2k), overlaps that would scratch nothing, before WordLayout.placed is called (-0.85k); 101.4k;
jobs.fire reading the chapter's ongoing instructions kept in the state (LineState.ongoing) instead
of id() and a cache lookup (-0.7k): 100.6k (two to four runs each). 3,000 games as
bench/random_play.py plays them: 95.3k (101.2k before). Dropped: load_chapter statting by
os.stat on str paths (no change: the stat costs, not pathlib's calls); the zone and return jobs
made once (-0.07k, noise); the set test in sample before placed_at is called (-0.19k: the kept
picks pay it too); OnceUponALine.listing = LegalListing (-0.4k, but another seat's listing must
be empty: a test says so); drawing unpacking a hero's found (no change); the hero key on the
Reserve in its order, the sorted one found by a second lookup on a miss (+1.7k: many orders) or
through a cache of sorted Reserves (+3.7k); listed_before asked only when a way before this one
among the ShapeWays' own scratches in the same order (0.06 of its 0.33 calls a move), each order's
first found once for each ShapeWays (+1.7k: the first-time finding costs more). Left, none
small: squares as ints (~2k of tuple hashes), a hero key kept up to date by the actions instead
of built at each draw (~5k, but every change of a board would have to say what changed), the
picks refused for good still pay a pick (~1.1 a move: the number, the walk, the bisection and a
call).)

(Issue 21's sixth pass, same measure: 100,574 on 356981b. A hero's key is built 1.09 times a move
(7,485 in 200 games, 1.94 heroes a state): the acting hero's board changes at nearly every move,
and the new key equals the hero's last one at 178 of them; a key costs ~0.85 us (the sizes by
map ~0.25 us, sorted ~0.1 us, the lookup ~0.1 us). Kept: every game's first state (a copy of the
chapter's first state, setup.new_chapter) starts with what the draw kept of that state (Drawn.copy:
each hero's part and the anchor words), so a game's first draw builds no key: 100,013 and 99,942
(two runs); and with it the blocked squares blocked_now found for it: 99,704 and 99,718. Dropped:
the hero's new part found from its last one after laying tiles (the only change whose new key
follows from the last key: the Reserve less the tiles, a compartment filled; LineState.changed
told the tiles laid, each part kept a dict of (tiles, a free compartment left) -> the next part):
tried at 0.49 a move, found at 46% of them in 200 games (70% over 1,000 more), 101,049 and
101,187: its bookkeeping at every change and draw costs more than the 0.22 keys a move it saves.
Also dropped: the key's sizes left out while every Standard Tile is at full size (48% of the keys;
~0.13 us less each by timeit), 100,207 and 100,201 against 99,704 and 99,718: more first-time hero
parts; selfplay with the collector's first threshold at 5,000, not 700 (run with it on, 200
games): 102,039 against 102,027, no change.
Seen, not tried: a game's Table costs ~12 us (~2.5% of a game's wall time), of which the state's
copy 5.3 us and two stats of the chapter files ~3 us (load_chapter: reloading an edited chapter).)

(Issue 21's seventh pass (draw side), same measure: 99,688 and 99,809 on 381c14c. A game's Table and
Runtime cost 174.6k instructions (cachegrind, 1,000 set up after the warm-up, none played): the
first state's copy 63.8k, load_chapter 26.7k, the bot's generator 31.7k (the C seeding 25.6k, the
object 5.2k) and its seed 12.7k (sha256 4.5k). Kept: LineState.copy calling the constructor
positionally (33 keywords matched by name cost more than the copying: 63.8k -> 50.8k), 99,312 and
99,373; load_chapter statting by os.stat on the files' str names, not Path.stat (26.7k -> 21.2k:
measured per call, the gain is under the noise of a whole run), 99,161 and 99,140; Table and Runtime
156.0k. A pick's tile set and way by // and % instead of divmod, the set only for the kept picks (a
call and a tuple less at each of ~2 picks a move): 98,507 and 98,664 (98,400 and 98,630 again).
Dropped: copying a seeded generator from a template (setstate 32.3k: as dear as seeding, 31.7k; and
each game's bot has a seed of its own, derive_seed of the table's); Drawn.copy through constructor
arguments (4.7k -> 4.1k a game, 0.02k a move); derive_seed's text by an f-string or a tuple (10.1k
-> 10.6k, 10.8k); HeroBoard.copy's compartments by a comprehension (5.3k -> 5.4k) and the crossed
rows by list.copy or slices (10.7k -> 10.3k, 12.0k). Left of a game's setup: the two boards' copies
~10k each and the crossed rows ~10.7k of the state's copy (every list made afresh costs), two
os.stat ~7k each (the stat_result built), saga_of ~5k, the generator.)

(Issue 21's seventh pass, the apply side (and its eighth): apply.py's docstring.)

(Issue 21's ninth pass, the draw side, same measure: 95,492, 95,543 and 95,490 on 8437540 (96,811
over 400 games); 91,406 and 91,483 after (92,746 and 92,722 over 400: -4.2%). What paid was C work
at every draw that the line counts do not show (lines a move rose, 264 -> 274; calls fell, 28.1 ->
27.3): a hero key cost ~8.7k instructions (cachegrind on 2,131 keys recorded from play: the sizes by
map ~3.3k, the sort ~1.6k, the lookup's hashing and comparing ~2k, the two compartment tests ~1.1k).
Kept, each in its commit (two runs each): the refused-for-good test asked in sample before placed_at
(placed_at no longer asks it) and below(total) as bits(width), -0.2k; an empty Reserve (a third of
the keys) keyed by () with no sort and no sizes, -1.2k, with no free compartment, -0.3k, and the
layout's serial for the words, -0.3k (no way can be laid: fewer first-time parts too); named by a
plain loop, called by sample (filter called the tuple's __contains__ through a method-wrapper, ~4.5k
a set), -0.5k; the picks' range made once (range() at every draw), -0.8k; blocked_now's counts
compared as ints and the talent flag by one test, -0.2k; the Reserve sorted by a copy and list.sort,
-0.15k; a one-tile Reserve (a fifth of the keys) keyed by the same (id, size) without a sort or map,
-0.45k. Dropped: each shape's tile sets a part of their own (no bisect, the parts walked), +2.2k;
the shape found by a walk over the hero's groups, not bisect, +1.9k (bisect is ~0.5k a call by
callgrind; the walk costs more); the tile set's name kept by the set and the Reserve's order (53%
found again), +0.1k; sorted only for two tiles or more (the sizes still by map), the anchor words
one object of each value (compared by identity), `<=` for issuperset, ShapeWays.spent by map: no
change; a full-size Reserve's key kept by the sorted Reserve: comparing the sizes dict with the full
sizes costs ~1.3k, more than it saves (microbench). Next: the key's sizes (~2.3k a move) only if the
boards kept a signature of their reduced tiles (penalties and mends would update it: the apply
side's files).)

(Issue 21's ninth pass (squares as ints), weighed, not built: 95,568 and 95,623 a move on 6035da0.
A move hashes 17 tuples (callgrind, 200 seeded games after 30, --no-gc: 2.8k instructions with
what they hold); squares are hashed 13.0 times a move (a tuple subclass counting its hashes; 10.6
of them directly, 2.4 inside scratch_event's key): scratch's tests 3.7, uncover's update and notes
2.7, scratch_event 2.4, placed_at's ray run 1.4, complete_words 1.4, first-time layouts and rays
1.4. A square as an int saves ~89 instructions a hash (a set test of an interned (column, row)
356 against an int's 267, cachegrind), so ~1.2k a move (1.2%), before the sorts an int encoding
would add wherever set order reaches play; one_cell and step are asked 0.3 times a move. Under
the ~1.5k that pays the refactor: not done. The other ~6 tuples hashed a move are keys: drawing's
hero key, scratch_event's, USE_TILES' and the caches'.)

(Issue 21's ninth pass, the apply side: actions.py's docstring.)

(Issue 21's ninth pass, per-game costs and the engine: game.py's docstring.)

(Issue 21's tenth pass, the hero key's tile sizes: state.py's docstring.)

(Issue 21's tenth pass, the engine (helper O16): games/core/table.py's docstring.)

(Issue 21's eleventh pass (helper O17), same measure: 86,026 and 86,009 on 2dc9bb6 (mispredicts
2,481, 2,478). The engine's share (RandomBot.choose's call gone: Bot.draws) is in
games/core/runtime.py's docstring, the apply side's in apply.py's and actions.py's. Kept here: a
ShapeWays' spent squares extended by each word's list as numbered keeps it (a list comprehension
over ~110 ways at each new ShapeWays, first-time work): ~-0.4k; the free compartment compared
with one list made once (state.FREE: a new [] is a GC-tracked list made and freed at each key),
-0.17k in the hero key (with seat_applies' -0.24k). What the hero key costs, found by writing a
line a second time (play unchanged, two runs of each tree differ by ~150): the key built and looked
up once more, +2.1k a move (1.03 keys a move); of it any(compartments) +0.44k, hash(words) +0.27k,
hash(reserve) +0.32k (each with a builtin call), the lookup of the built tuple +1.35k. So a key is
~2k instructions, most of it hashing and comparing nested tuples: the one piece of the draw left
that is big, but every cheaper key tried so far costs more first-time parts or bookkeeping.
Dropped: the shape of a pick found by a table of every way's group (HeroWays.shape_at, no bisect):
as bytes, 86,209 against 86,026 (a bytes subscript is not specialised, and the table is built
at each new HeroWays, 643 ways on average); as a list, 88,513 (626k more list entries over 974
HeroWays, made, scanned and freed by the final collection); ShapeWays.spent holding a set that
no square is in, not None, so the pick asks one test less (the never-refused ways pay a set test):
84,397 and 84,305 against 84,394 and 84,377; each value of anchor_words interned (the hero keys
holding it compare by identity): 83,738 and 83,851 against 83,703 and 83,630; the shape found by
bisecting the groups' ends (no `- 1`), 83,695 and 83,577 (noise). First-time work is still ~14k
of a move: the same 200 games played again cost 72.2k a move, mispredicts 2,151 (on 2dc9bb6).)

(Issue 21's twelfth pass (helper O18), same measure: 83,681 on 5cc9674 (mispredicts 2,397). Kept,
each in its commit: HeroWays' tile sets and ways in two lists read by one index (no (sets, ways)
pair a shape: 3,431 in 200 games; the sets read only for a pick kept), 83,375; a new hero part's
other actions by legal.other_actions from its key (no board read, slice or grid_layout call),
83,022; the special tiles looked for only while a Reserve holds one that mends or moves
(legal.holds_special_tile: the flag of any talent tile had special_tiles asked at every draw while a
hero held a shaped one, 0.045 a move, ~24k instructions each, finding nothing), 81,860; then
letters.suggested_plan and tragedy.apply_penalty (noted there): 80,682, mispredicts 2,312. How they
were found: a call written twice (play unchanged) costs what it costs once (special_tiles +1.07k a
move; a hero part on a miss ~14k, +2.08k at 0.14 a move; hero_actions ~6k; squares.get in scratch's
loop ~0.4k a square, +0.92k a move), and bytecodes counted by function with their callees
(sys.settrace, f_trace_opcodes): special_tiles and suggested_plan cost far more a call than their
few calls a move let a flat profile show. First-time work (the 200 games played once after the
warm-up, one cache put back as the warm-up left it, the same games counted again; all caches kept:
70.0k a move): new UseTiles +2.5k a move (2,161 in 200 games, ~8k each: made ~3.9k, the rest
__missing__, the key and the teardown), hero parts +2.5k (991), all of _KEPT +6.7k (the warm-up's
entries gone too), new SquaresScratched +2.0k (929, ~15k each). The interpreter's teardown of what
the counted games left is ~2.7k a move (the runs ended by os._exit: 81.0k against 83.7k), about half
of it the final collection visiting those 28.8k objects (20.5k tuples): ~0.6k more for every object
a cache keeps. Dropped: USE_TILES asked by get, a miss made by a Shared method (no __missing__
called from C), +470 in one run, +356 over three seeds; the anchor words as one joined str in the
keys (a str keeps its hash), -77 in one run (noise, for a second way of writing the words);
HeroWays' lists filled as locals, its sets by list(shapes.values()), +21 over three seeds;
tile_shapes looking each shape's layout up once by the shape's identity, +35 over three seeds.
Measured, not built: a UseTiles made by object.__new__ and the slot setters in a function, 4.14k
instructions against the class call's 3.87k (the setters are the cost, not the call). Counted again
with PYTHONHASHSEED 0, 1 and 2 ("three seeds": a run's own str hashes move its count by ~150, which
single runs above do not tell from a step; a fixed seed counts the same every run), the mean of the
three: 83,712 on 5cc9674, then 83,539, 83,176, 82,003, 81,128 and 80,845 after each step above
(mispredicts 2,395 -> 2,320); then the square names kept by the squares (actions.py), 80,594; and
the hero key without the anchor words when no compartment is free (no way can be laid: the words
change nothing its part holds; 155 of the 991 new parts in 200 games), 80,472, mispredicts 2,309;
HeroWays kept by the key's anchor words (after the layout's serial) and ids, no serial's tuple,
slice and concatenation made to look it up (0.12 a move), 80,361, mispredicts 2,304; a currency
step's event made once for each sum (steps.currency_told), 79,970; complete_words testing words by
their squares as a frozenset (Grid.completing), 79,724, mispredicts 2,281; tragedy.can_reduce
answering from HeroBoard.reduced while fewer than four tiles are reduced, 79,565, mispredicts
2,274.)
"""
from __future__ import annotations

from bisect import bisect_right
from typing import Callable

from games.core.messages import Command
from games.core.protocol import Listing
from games.once_upon_a_line import legal
from games.once_upon_a_line.grid import Cell
from games.once_upon_a_line.hero_tiles import tile, tile_sets
from games.once_upon_a_line.layout import GridLayout, ShapeLayout, WordLayout, grid_layout
from games.once_upon_a_line.legal import USE_TILES
from games.once_upon_a_line.placement import shape_of
from games.once_upon_a_line.state import FREE, LineState

TRIES = 200  # picks refused before the whole listing is built instead (uniform either way)
_TRIES = range(TRIES)  # (made once: range() is a call at every draw)


class LegalListing(Listing):
    """The legal commands of one state, which must not change until one is drawn."""

    def __init__(self, state: LineState) -> None:
        self.state = state

    def build(self) -> list[Command]:
        return legal.legal(self.state)

    def sample(self, below: Callable[[int], int],
               bits: Callable[[int], int] | None = None) -> Command:
        """A uniformly random legal command, drawn without listing them all (Listing.sample, with
        Listing.draw written in: a call less a move). `bits`: the generator's getrandbits, when
        `below` is its _randbelow (RandomBot): each pick draws below's number with it inline, as
        _randbelow does (the same numbers, a Python call less a pick; 2.35 picks a move)."""
        state = self.state
        if state.ended or state.pending is not None:  # a few answers: listed in full
            self._drawn = command = Listing.draw(self, below)
            return command
        parts, total = drawing(state)
        if not total:
            raise IndexError("Cannot choose from an empty sequence")
        if bits is None:  # bits(width) is below(total) then (so a pick asks no question of it)
            bits, width = below, total
        else:
            width = total.bit_length()
        uncovered, blocked, obstacles = state.uncovered, None, None  # worked out when first needed
        for _ in _TRIES:
            index = bits(width)
            while index >= total:  # (below's never is)
                index = bits(width)
            for size, hero, part in parts:
                if index < size:
                    break
                index -= size
            if hero is None:  # a list of commands
                self._drawn = command = part[index]
                return command
            k = bisect_right(part.starts, index) - 1  # the shape, its tile set, its way
            ways = part.ways[k]  # (its tile sets read only for a pick kept)
            index -= part.starts[k]  # the tile set (index // ways.total) and its way: the set
            # only worked out for a pick kept (% and // are bytecodes, divmod a call; 1.4 of the
            # ~2 picks a move are refused)
            way = index % ways.total
            spent = ways.spent[way]  # refused for good, found by one set test without a call
            if spent is not None and uncovered.issuperset(spent):  # (1.1 of the 1.4 refused)
                continue
            if blocked is None:
                blocked, obstacles = blocked_now(state), state.drawn.layout.obstacles
            placed = ways.placed_at(way, uncovered, blocked, obstacles)
            if placed is not None:  # legal.use_tiles written out (named only for several tiles)
                ids = part.sets[k][index // ways.total]
                self._drawn = command = USE_TILES[
                    hero, ids[0] if len(ids) == 1 else named(state.heroes[hero].reserve, ids),
                    placed[0]]
                state.drawn.placing = (command, placed[3], len(uncovered))
                return command
        self._drawn = command = Listing.draw(self, below)  # the whole listing (uniform either way)
        return command

    def draw(self, below: Callable[[int], int]) -> Command:
        return self.sample(below)

    def enumerate(self) -> list[Command | None]:
        """Every pick, None where a pick is refused: without the holes, the listing (each command
        once, tile sets by shape), so each listed command is one pick of equal chance (tests)."""
        state = self.state
        if state.ended or state.pending is not None:
            return list(self.full())
        layout = grid_layout(state.chapter.grid)
        blocked = layout.blocked(state.uncovered, state.unlocked)
        out: list[Command | None] = []
        for _, hero, part in drawing(state)[0]:
            if hero is None:
                out += part
                continue
            for sets, ways in zip(part.sets, part.ways):  # in the draw's order: by shape, set, way
                for ids in sets:
                    for way in range(ways.total):
                        placed = ways.placed_at(way, state.uncovered, blocked, layout.obstacles)
                        out.append(None if placed is None else legal.use_tiles(
                            hero, named(state.heroes[hero].reserve, ids), placed[0]))
        return out


class Drawn:
    """What the draw keeps of one state (state.drawn: derived, never saved, dropped by a copy,
    rebuilt when missing): each hero's part of the listing until an action tells the state that
    the hero's board changed (LineState.changed drops it, or every hero's and the anchor words
    when words are completed). (Not the whole listing's parts: nearly every move changes a board,
    so kept for the next draw they were found again at none of 6,871 moves, 200 seeded games.)"""

    __slots__ = ("layout", "heroes", "words", "placing", "blocked")

    def __init__(self, layout: GridLayout) -> None:
        self.layout = layout  # the state's grid laid out (grid_layout, looked up once)
        self.heroes: dict[str, tuple] = {}  # hero -> (its parts, their size, special tile)
        self.words: dict[int, tuple] = {}  # zone -> (layout serial, its completed words)
        self.placing: tuple | None = None  # the UseTiles drawn last: (it, its order of
        # scratching, how many squares were uncovered), so applying it needs no search (handed
        # over by LineState.changed as the hero's board changes: apply.seat_applies)
        self.blocked: tuple | None = None  # the blocked squares as blocked_now last found them

    def copy(self) -> "Drawn":
        """What a copy of its state may keep, until the copy tells a change: each hero's part and
        the anchor words (setup.new_chapter: every game's first state is a copy of one state)."""
        drawn = Drawn(self.layout)
        drawn.heroes, drawn.words = self.heroes.copy(), self.words.copy()
        drawn.blocked = self.blocked  # (its sets are only read)
        return drawn


def drawing(state: LineState) -> tuple[list[tuple[int, str | None, object]], int]:
    """The listing in parts, hero by hero: its tile sets (as ways to draw from, by shape), then its
    other actions; last the special tiles; each part as (its size, the hero whose ways it holds or
    None for a list of commands, the part), and their total size. A hero's parts are kept in
    state.drawn until its board changes, and found again by one key of plain values,
    written out here (this runs at nearly every move, and a call costs about what the lookup does):
    the layout's serial and the anchor words of the hero's zone, the hero, its zone, whether a
    compartment is free and whether one holds tiles, its Reserve (sorted) followed by the sizes
    of its tiles in one tuple (None for a tile not Standard): the sizes of Standard Tiles out of
    the Reserve change nothing the part holds, so they stay out of the key (the first-time
    countings of 200 seeded games after 30 fell from 1590 to 1020 hero parts). A Reserve of
    several tiles none of which is reduced (HeroBoard.reduced, kept by HeroBoard.resize) is keyed
    by its sorted ids alone: no size looked up (0.54 of those keys; one key for one Reserve
    either way, so no more first-time parts). With an empty
    Reserve (a third of the keys) no way can be laid: its key holds the layout's serial alone for
    the words, no free compartment and () (no sort, no sizes, no words looked up); without a free
    compartment none either: the layout's serial for the words (fewer first-time parts). Whatever a
    hero's part reads belongs in the key. (Tried: each board keeping its parts with a copy of what
    they read, compared at every draw: the copies cost more than the lookup saved.)"""
    drawn = state.drawn
    if drawn is None:
        drawn = state.drawn = Drawn(grid_layout(state.chapter.grid))
    kept, by_zone = drawn.heroes, drawn.words
    parts: list = []
    total, talent = 0, False
    for hero, board in state.heroes.items():
        found = kept.get(hero)
        if found is None:
            if board.active and not board.retired:
                zone, compartments = board.zone, board.compartments  # hero_key, inline
                reserve = board.reserve
                if reserve:  # (empty at a third of the keys: no sort, no sizes to look up)
                    free = FREE in compartments
                    if free:
                        words = by_zone.get(zone)
                        if words is None:
                            words = anchor_words(state, drawn, zone)
                    else:  # no way can be laid: the anchor words change nothing the part holds
                        words = drawn.layout.serial
                    if len(reserve) == 1:  # (a fifth of the keys: the same tuple, no sort, no
                        tile_id = reserve[0]  # map; map's machinery is ~3k of a key)
                        reserve = (tile_id, board.standard.get(tile_id))
                    else:
                        reserve = reserve[:]  # sorted, without sorted()'s keyword handling
                        reserve.sort()
                        reduced = board.reduced  # (kept by HeroBoard.resize)
                        if reduced and not reduced.isdisjoint(reserve):
                            reserve = (*reserve, *map(board.standard.get, reserve))  # (one tuple)
                        else:  # no tile of it reduced: the ids alone (no sizes looked up)
                            reserve = (*reserve,)
                else:  # no tiles, no ways: neither a free compartment nor the anchor words change
                    # the part (the layout's serial alone names the grid)
                    words, reserve, free = drawn.layout.serial, (), False
                key = (words, hero, zone, free, any(compartments), reserve)
                found = _KEPT.get(key) or hero_part(state, hero, board, drawn.layout, key)
            else:
                found = ((), 0, legal.holds_special_tile(state, board))
            kept[hero] = found
        parts += found[0]
        total += found[1]
        if found[2]:  # (seldom: one test, no store)
            talent = True
    if talent:  # a special tile that mends or moves in some Reserve: maybe one to play
        specials = legal.special_tiles(state)
        if specials:
            parts.append((len(specials), None, specials))
            total += len(specials)
    return parts, total


def blocked_now(state: LineState) -> set[Cell]:
    """The squares no tile may cover now (GridLayout.blocked), kept in state.drawn while they stay
    the same: the uncovered Stops and Skulls change only when one is scratched (uncover counts
    each, so their sum changes), the Lock boxes' squares still on the ink only when a box opens or
    one of them is scratched. (Worked out afresh they cost ~5.5k instructions, asked at 0.6 of the
    moves; squares are uncovered at most moves, but seldom a Stop, a Skull or a Lock box's.)"""
    drawn, uncovered = state.drawn, state.uncovered
    kept, obstacles, opened = drawn.blocked, state.stops + state.skulls, len(state.unlocked)
    if kept is not None and kept[0] == obstacles and kept[1] == opened \
            and uncovered.isdisjoint(kept[3]):  # (two int tests, no tuple made to compare)
        return kept[2]
    blocked = drawn.layout.blocked(uncovered, state.unlocked)
    drawn.blocked = (obstacles, opened, blocked, blocked - uncovered)  # and the Lock boxes'
    # squares blocked
    return blocked


def anchor_words(state: LineState, drawn: Drawn, zone: int) -> tuple:
    """The completed words in a zone (its heroes' anchor words) after the layout's serial (keys of
    plain values name a grid by its serial): kept in drawn.words until a word is completed."""
    layout = drawn.layout
    found = drawn.words[zone] = (layout.serial, *[t for t in state.completed
                                                  if layout.words[t].zone == zone])
    return found


class StarWays:
    """Every spot of a star tile (anywhere on the card), numbered: a number drawn names one."""

    def __init__(self, shaped: ShapeLayout) -> None:
        self.shaped, self.total = shaped, len(shaped.stars())
        self.spent = [None if whole else _NEVER for _, _, _, whole, _ in shaped.stars()]  # as
        # ShapeWays.spent: a spot not on the card whole is never open

    def placed_at(self, index: int, uncovered: set[Cell], blocked: set[Cell],
                  obstacles: frozenset[Cell]) -> tuple | None:
        """Spot `index` as it lies now, (code, case, squares, scratch order), if open now."""
        code, cells, seg, whole, halo = self.shaped.stars()[index]
        if whole and uncovered.isdisjoint(halo) and blocked.isdisjoint(cells):
            return code, "*", cells, (seg,)
        return None


class ShapeWays:
    """Every way to lay one shape from some anchor words (the rays, then the overlaps of each
    word in turn): numbered, so a number drawn names one way. (A star tile's: StarWays, a class
    of its own so a pick asks no question of the kind.)"""

    def __init__(self, shaped: ShapeLayout, words: tuple[str, ...], layout: GridLayout) -> None:
        self.shaped = shaped
        self.words = [shaped.word(layout.words[text]) for text in words]
        self.position = {text: k for k, text in enumerate(words)}
        self.ways: list[tuple] = []  # (word layout, way index, k, its ray or None), as picked
        self.spent: list = []  # by way: the squares whose scratching refuses it for good, or None;
        # the draw asks it before placed_at, which need not (a call less a pick refused so: 1.1 a
        # move). Both extended by each word's lists as numbered keeps them (a list comprehension
        # over the ways, ~110 a ShapeWays, cost ~0.6k instructions a move in first-time work)
        for k, word in enumerate(self.words):
            ways, spent = numbered(word, k, layout.obstacles)
            self.ways += ways
            self.spent += spent
        self.total = len(self.ways)

    def placed_at(self, index: int, uncovered: set[Cell], blocked: set[Cell],
                  obstacles: frozenset[Cell]) -> tuple | None:
        """Way `index` as it lies now, (code, case, squares, scratch order, ...), if the listing
        holds it now, else None."""
        word, index, k, ray = self.ways[index]
        if ray is not None:  # WordLayout.placed and run_along written out: 1.2 rays a move
            cells, _, _, _, entries = ray
            run = 0
            for cell in cells:
                if cell not in uncovered:
                    break
                if cell in obstacles:
                    return None
                run += 1
            laid, kept, inside, code, case, squares = entries[run]
            if not blocked.isdisjoint(squares) or uncovered.issuperset(inside):
                return None
            placed = (code, case, laid, kept, run)
        else:
            placed = word.placed(index, uncovered, blocked, obstacles)
            if placed is None:
                return None
            kept = placed[3]
        same = self.shaped.producers[id(kept)]
        if len(same) > 1 and self.listed_before(k, index, kept, same, uncovered, blocked, obstacles):
            return None
        return placed

    def listed_before(self, k: int, index: int, kept: tuple, same: list[tuple[str, int, int]],
                      uncovered: set[Cell], blocked: set[Cell], obstacles: frozenset[Cell]) -> bool:
        """Whether a way before this one (word k, way index) is open now and scratches in the
        same order: the listing holds only the first."""
        for text, other, _ in same:
            j = self.position.get(text)
            if j is None or j > k or j == k and other >= index:  # not before this one
                continue
            placed = self.words[j].placed(other, uncovered, blocked, obstacles)
            if placed is not None and placed[3] is kept:
                return True
        return False


def numbered(word: WordLayout, k: int, obstacles: frozenset[Cell]) -> tuple[list[tuple], list]:
    """The ways from an anchor word that may ever be listed, as picked from the k-th anchor word
    of a ShapeWays: (the word's layout, the way's index, k, the way's ray (None for an overlap)),
    so a pick reads its ray at once (a pick: -2 lines, 2.2 picks a move); and way by way, in a
    list of their own, the squares whose scratching refuses the way for good, or None (a ray's
    spent_by, an overlap's squares on the card: all scratched, it scratches nothing;
    WordLayout.placed asks it first), so the draw finds most refused ways by one set test. Made
    once for each: ~300 instructions a way, 77 ways a ShapeWays, where copying them is ~5."""
    found = _NUMBERED.get((word, k))
    if found is None:
        if len(_NUMBERED) >= _KEEP:
            _NUMBERED.clear()
        rays, ways, spent = word.rays, [], []
        for index in word.live:
            if index < len(rays):
                ways.append((word, index, k, rays[index]))
                spent.append(spent_by(rays[index], obstacles))
            else:
                ways.append((word, index, k, None))
                spent.append(word.overlaps[index - len(rays)][5])
        found = _NUMBERED[word, k] = (ways, spent)
    return found


def spent_by(ray: tuple, obstacles: frozenset[Cell]) -> frozenset[Cell] | None:
    """The first squares of a ray whose scratching leaves no way from it open, as a set, or None:
    up to its first Stop or Skull (scratched, it stops the run: run_along), else all of them if the
    way laid past the last (past the card's edge) has no square on the card to scratch. So
    ShapeWays.placed_at refuses such a ray by one set test (the set keeps its squares' hashes)
    instead of walking it square by square: the rays scratched to the edge or to an uncovered Stop
    or Skull are 0.65 of the 1.4 refused picks a move."""
    cells, _, _, _, entries = ray
    for at, cell in enumerate(cells):
        if cell in obstacles:
            return frozenset(cells[:at + 1])
    return None if entries[len(cells)][2] else frozenset(cells)


_NEVER = frozenset()  # the squares whose scratching refuses a way never open: none
_NUMBERED: dict[tuple, tuple[list[tuple], list]] = {}  # by word layout (a few hundred, kept by
# their shapes) and k


class HeroWays:
    """A hero's tile sets grouped by shape (sets of one shape are laid the same ways), each set's
    ways numbered one after the other: so a number names one tile set and one way (the draw
    finds them by `starts`). Each shape's ways are counted once for its anchor words (a star
    tile's anywhere) and kept for every hero and Reserve that has the shape (looked up here, in
    the loop: a Python call less a shape, 4.3 shapes a HeroWays). Shape by shape, in three lists
    read by the same index: its tile sets, its ways (the draw reads the sets only for a pick it
    keeps) and where its numbers start (no (sets, ways) pair made for each shape: 3,431 in 200
    games, made, kept and freed at the end; 83,681 -> 83,375 instructions a move)."""

    def __init__(self, shapes: dict[tuple[ShapeLayout, bool], list[tuple[str, ...]]],
                 words: tuple[str, ...], layout: GridLayout) -> None:
        self.sets, self.ways, self.starts, total = [], [], [], 0
        for (shaped, star), sets in shapes.items():
            key = (shaped, star, () if star else words)
            ways = _KEPT.get(key)
            if ways is None:
                ways = _KEPT[key] = StarWays(shaped) if star else ShapeWays(shaped, words, layout)
            self.sets.append(sets)
            self.ways.append(ways)
            self.starts.append(total)
            total += len(sets) * ways.total
        self.total = total


def hero_part(state: LineState, hero: str, board, layout: GridLayout, key: tuple
              ) -> tuple[list[tuple[int, str | None, object]], int, bool]:
    """A hero's parts of the listing for its key (written out in drawing), not kept yet: its ways
    (none without a free compartment), counted once for its anchor words, Reserve tiles and
    their sizes (key[5]: the ids, then the sizes unless the tiles are at full size; the tile sets
    by shape once for them); its other
    actions; their total size; and whether its Reserve holds a special tile that mends or moves
    (legal.holds_special_tile: maybe one to play).
    Every first-time counting starts here: past _KEEP kept, all are counted afresh. (The other
    actions by legal.other_actions from the key's zone and tiles out and the layout's zones, not
    hero_actions reading the board and calling grid_layout: 0.14 new parts a move, 83,375 ->
    83,022 instructions a move.)"""
    if len(_KEPT) >= _KEEP:
        _KEPT.clear()
    parts: list = []
    total = 0  # their sizes, added as they come (a generator over them is a Python call)
    if key[3]:  # a free compartment
        ways = _KEPT.get((key[0], key[5]))  # (the anchor words after the layout's serial, the ids)
        if ways is None:
            tiles = (layout.serial, key[5])
            shapes = _KEPT.get(tiles)
            if shapes is None:
                reserve = key[5]
                if type(reserve[-1]) is not str:  # the ids, then their sizes
                    reserve = reserve[:len(reserve) // 2]
                shapes = _KEPT[tiles] = tile_shapes(state, hero, reserve, layout)
            ways = _KEPT[key[0], key[5]] = HeroWays(shapes, key[0][1:], layout)
        if ways.total:
            parts.append((ways.total, hero, ways))
            total = ways.total
    actions = legal.other_actions(hero, key[2], key[4], layout.zones)  # (legal.hero_actions)
    if actions:
        parts.append((len(actions), None, actions))
        total += len(actions)
    found = _KEPT[key] = (parts, total, legal.holds_special_tile(state, board))
    return found


def tile_shapes(state: LineState, hero: str, reserve: tuple[str, ...], layout: GridLayout
                ) -> dict[tuple[ShapeLayout, bool], list[tuple[str, ...]]]:
    """The tile sets of these Reserve tiles (ids in sorted order: the same sets whatever the
    Reserve's order) by the layout of their shape, and whether it is a star tile."""
    standard, out = state.heroes[hero].standard, {}
    tiles = {t: tile(state, hero, t) for t in reserve}
    for ids in tile_sets(state, hero, reserve):
        shape, symbol = shape_of([tiles[t] for t in ids], standard)
        out.setdefault((layout.shape(shape), symbol == "star"), []).append(ids)
    return out


def named(reserve: list[str], ids: tuple[str, ...]) -> str:
    """A tile set as the listing names it: its ids in the Reserve's order, joined by '+'. (A plain
    loop: filter(ids.__contains__, reserve) calls the tuple's __contains__ through a method-wrapper
    at each tile, and cost more than this call from sample; 0.3 sets of several tiles drawn a move.)"""
    order = []
    for t in reserve:
        if t in ids:
            order.append(t)
    return "+".join(order)


_KEPT: dict[tuple, object] = {}  # the ways counted so far, by what they depend on (keys of
# plain values, a grid by its serial: the garbage collector stops visiting them)
_KEEP = 30_000  # past it, counted afresh (a long selfplay run meets many Reserves and words;
# 30,000 adds about 10 MB to a long run and halves the first-time countings of 10,000): a hero
# part adds at most some ten entries, so hero_part alone asks
