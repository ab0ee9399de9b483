//! Helpmate lines for `scoresheet position` and the envelope's Art. 6.9 notes: a series of
//! legal moves ending in a mate by one side (Art. 5.2.2 asks whether one exists), as short as
//! can be found. Both take their line from [`shown`], so that a FEN gets the same line
//! wherever it is asked about.
//!
//! The CHA solver proves that a helpmate exists, but its public API has no bound on the length
//! of the line: its search rewards "promising" moves with free depth, so its lines wander (99
//! plies for two knights against two knights, where 17 do). A reader needs a short line to
//! check it on a board, so the solver's line is only a witness, made shorter here:
//!
//! 1. a best-first search from the position ([`seek`]) looks for any mate, guided by how far
//!    the mating side's pieces are from giving check and how many free squares the king has;
//!    the shorter of its line and the witness goes on;
//! 2. an exact iterative-deepening search from the position finds a shortest helpmate when
//!    one is within [`SHORTEST_MAX_PLIES`] plies and the node budget;
//! 3. otherwise the mate the witness ends in is reached by a best-first (A*) search that
//!    counts how many moves each side's pieces need, at least, to reach their squares in that
//!    mate — two knights against two knights are routed straight to the witness's mating
//!    pattern — and the witness, or that line when shorter, is then cut: every loop back to a
//!    position already on the line is removed, every stretch of moves whose removal leaves a
//!    legal line that still ends in the same side's mate is removed, and from each position of
//!    the line a shorter exact search looks for a quicker mate.
//!
//! Every line returned is replayed move by move: legal, and ending in a mate by the side
//! asked for. Every budget counts nodes, not time: the same position gets the same line on
//! any machine. The search also serves positions the solver cannot take (Chess960 castling
//! rights): a helpmate it finds is a proof on its own.
//!
//! ```
//! use scoresheet::laws::helpmate::shortest;
//! use shakmaty::{Chess, Color};
//! // Fool's mate is the shortest helpmate for Black from the initial position.
//! let line = shortest(&Chess::default(), Color::Black, 4, 100_000).unwrap();
//! assert_eq!(line.len(), 4);
//! ```

use std::{
    cmp::Reverse,
    collections::{BinaryHeap, HashMap},
    sync::OnceLock,
};

use shakmaty::{
    attacks::knight_attacks, uci::UciMove, zobrist::Zobrist64, Board, CastlingMode, Chess, Color,
    EnPassantMode, Move, Position, Rank, Role, Square,
};

/// How deep the exact search from the position itself goes (plies).
pub const SHORTEST_MAX_PLIES: u32 = 16;
/// Nodes (moves tried) the exact search from the position may spend, per side.
pub const SHORTEST_NODES: u64 = 1_000_000;
/// Nodes the searches for quicker mates from the positions of a cut line may spend together.
pub const SHORTCUT_NODES: u64 = 150_000;
/// How deep each of those searches goes.
const SHORTCUT_MAX_PLIES: u32 = 8;
/// Positions the search toward the witness's mate may generate.
pub const ROUTE_NODES: usize = 60_000;
/// Beyond this many men the estimate says too little for the search toward the mate to pay.
const ROUTE_MAX_MEN: usize = 12;
/// Positions the best-first search for any mate ([`seek`]) may generate.
pub const SEEK_NODES: usize = 20_000;
/// Positions the second best-first search, for middlegames, may generate.
pub const MIDDLEGAME_NODES: usize = 80_000;
/// A line longer than this (plies), in a position of more than [`ROUTE_MAX_MEN`] men, asks for
/// that second search.
const MIDDLEGAME_PLIES: usize = 16;
/// How much more [`seek`] trusts its estimate than the plies already played: 1 would be A*
/// (a shortest line, at a cost no middlegame affords), more goes straighter to a mate.
const SEEK_WEIGHT: u32 = 3;

/// A square no piece of that kind can reach.
const FAR: u32 = 1_000;

/// Knight moves between two squares on an empty board.
fn knight_distance(from: Square, to: Square) -> u32 {
    static TABLE: OnceLock<Vec<[u8; 64]>> = OnceLock::new();
    let table = TABLE.get_or_init(|| {
        Square::ALL
            .iter()
            .map(|&from| {
                let mut d = [u8::MAX; 64];
                d[from as usize] = 0;
                let mut frontier = vec![from];
                let mut step = 0;
                while !frontier.is_empty() {
                    step += 1;
                    let mut next = Vec::new();
                    for sq in frontier {
                        for t in knight_attacks(sq) {
                            if d[t as usize] == u8::MAX {
                                d[t as usize] = step;
                                next.push(t);
                            }
                        }
                    }
                    frontier = next;
                }
                d
            })
            .collect()
    });
    u32::from(table[from as usize][to as usize])
}

/// Moves a piece of `role` and `color` needs at least to go from `from` to `to`, whatever
/// stands in its way ([`FAR`] when it never can).
fn piece_distance(role: Role, color: Color, from: Square, to: Square) -> u32 {
    if from == to {
        return 0;
    }
    let (df, dr) = (
        from.file().distance(to.file()),
        from.rank().distance(to.rank()),
    );
    let diagonal = df == dr;
    match role {
        Role::King => from.distance(to),
        Role::Knight => knight_distance(from, to),
        Role::Bishop if from.is_light() != to.is_light() => FAR,
        Role::Bishop if diagonal => 1,
        Role::Bishop => 2,
        Role::Rook if df == 0 || dr == 0 => 1,
        Role::Rook => 2,
        Role::Queen if df == 0 || dr == 0 || diagonal => 1,
        Role::Queen => 2,
        Role::Pawn => {
            let ahead = match color {
                Color::White => to.rank() > from.rank(),
                Color::Black => to.rank() < from.rank(),
            };
            if !ahead || dr < df {
                return FAR;
            }
            // A double step from the pawn's own rank saves one move.
            let start = from.rank() == color.fold_wb(Rank::Second, Rank::Seventh);
            dr.saturating_sub(u32::from(start && dr >= 2 && df == 0))
                .max(1)
        }
    }
}

/// Moves `color` needs at least to put its pieces on their squares of `target`: for each of
/// them, the nearest piece of its kind (or a pawn promoting) — different target squares take
/// different pieces, so the moves add up.
fn side_distance(board: &Board, target: &Board, color: Color) -> u32 {
    let pawns = board.pawns() & board.by_color(color);
    let promotion = pawns
        .into_iter()
        .map(|p| {
            piece_distance(
                Role::Pawn,
                color,
                p,
                Square::from_coords(p.file(), color.fold_wb(Rank::Eighth, Rank::First)),
            )
        })
        .min()
        .unwrap_or(FAR);
    let mut total = 0;
    for (to, piece) in target.iter() {
        if piece.color != color {
            continue;
        }
        let mut best = (board.by_piece(piece))
            .into_iter()
            .map(|from| piece_distance(piece.role, color, from, to))
            .min()
            .unwrap_or(FAR);
        if !matches!(piece.role, Role::King | Role::Pawn) {
            best = best.min(promotion);
        }
        if best >= FAR {
            return FAR;
        }
        total += best;
    }
    total
}

/// Plies needed at least to reach `target` (a position with `target_turn` to move) from
/// `pos`: each side moves one piece a ply.
fn plies_to(pos: &Chess, target: &Board, target_turn: Color) -> Option<u32> {
    let us = side_distance(pos.board(), target, pos.turn());
    let them = side_distance(pos.board(), target, !pos.turn());
    if us >= FAR || them >= FAR {
        return None;
    }
    // n plies give the side to move ceil(n/2) moves and the other floor(n/2); n is even
    // exactly when the same side is to move at the end.
    let mut n = (2 * us).saturating_sub(1).max(2 * them);
    if n.is_multiple_of(2) != (pos.turn() == target_turn) {
        n += 1;
    }
    Some(n)
}

/// A line from `start` to the position `target` (a mate by `winner`), found best first with
/// [`plies_to`] as the estimate, within `nodes` generated positions.
fn route(start: &Chess, target: &Chess, winner: Color, nodes: usize) -> Option<Vec<Move>> {
    let (goal, goal_turn) = (target.board(), target.turn());
    // Each node: its position, its parent and the move that led to it.
    let mut tree: Vec<(Chess, usize, Option<Move>)> = vec![(start.clone(), 0, None)];
    let mut best: HashMap<Zobrist64, u32> = HashMap::new();
    let mut open = BinaryHeap::new();
    let h = plies_to(start, goal, goal_turn)?;
    open.push((Reverse(h), 0u32, 0usize));
    while let Some((_, g, id)) = open.pop() {
        let pos = tree[id].0.clone();
        if pos.board() == goal && pos.turn() == goal_turn {
            if !(pos.is_checkmate() && pos.turn() != winner) {
                continue;
            }
            let mut line = Vec::new();
            let mut at = id;
            while let (_, parent, Some(m)) = &tree[at] {
                line.push(*m);
                at = *parent;
            }
            line.reverse();
            return Some(line);
        }
        if tree.len() > nodes {
            return None;
        }
        if pos.is_game_over() {
            continue;
        }
        for m in pos.legal_moves() {
            let mut next = pos.clone();
            next.play_unchecked(m);
            let key: Zobrist64 = next.zobrist_hash(EnPassantMode::Legal);
            if best.get(&key).is_some_and(|&b| b <= g + 1) {
                continue;
            }
            let Some(h) = plies_to(&next, goal, goal_turn) else {
                continue;
            };
            best.insert(key, g + 1);
            tree.push((next, id, Some(m)));
            // Ties go to the deeper node: it is nearer the goal by the same estimate.
            open.push((Reverse(g + 1 + h), g + 1, tree.len() - 1));
        }
    }
    None
}

/// Moves a piece of `role` and `color` on `from` needs at least to stand where it gives
/// check to a king on `king` (on an empty board; a pawn also by promoting to a queen).
fn check_distance(role: Role, color: Color, from: Square, king: Square) -> u32 {
    use shakmaty::attacks;
    let mut best = FAR;
    for to in Square::ALL {
        let checks = match role {
            _ if to == king => false,
            Role::King => false,
            Role::Pawn => attacks::pawn_attacks(color, to).contains(king),
            r => attacks::attacks(to, r.of(color), shakmaty::Bitboard::EMPTY).contains(king),
        };
        if checks {
            best = best.min(piece_distance(role, color, from, to));
        }
    }
    if role == Role::Pawn {
        let promotion = Square::from_coords(from.file(), color.fold_wb(Rank::Eighth, Rank::First));
        let d = piece_distance(Role::Pawn, color, from, promotion);
        if d < FAR {
            best = best.min(d + check_distance(Role::Queen, color, promotion, king));
        }
    }
    best
}

/// Moves a queen, rook or bishop of `color` needs to go from `from` to `to` on this board, by
/// at most two moves: each man in its way counts one move more (it steps aside or is taken),
/// and so does a man of its own side standing on the square between its two moves.
fn slider_cost(board: &Board, role: Role, color: Color, from: Square, to: Square) -> u32 {
    use shakmaty::{attacks, Bitboard};
    let occupied = board.occupied();
    let reach = |sq: Square| attacks::attacks(sq, role.of(color), Bitboard::EMPTY);
    let in_way = |a: Square, b: Square| (attacks::between(a, b) & occupied).count() as u32;
    let mut best = if reach(from).contains(to) {
        1 + in_way(from, to)
    } else {
        FAR
    };
    for m in reach(from) & reach(to) {
        let own = u32::from(board.by_color(color).contains(m));
        best = best.min(2 + in_way(from, m) + in_way(m, to) + own);
    }
    best
}

/// Moves the piece of `winner` on `from` needs at least to give check to the king on `king`
/// on this board: a man of its own side on the checking square, and every man between that
/// square and the king, each count one move more. Pawns are counted as on an empty board.
fn board_check_distance(
    board: &Board,
    winner: Color,
    from: Square,
    role: Role,
    king: Square,
) -> u32 {
    use shakmaty::{attacks, Bitboard};
    let own = |sq: Square| u32::from(sq != from && board.by_color(winner).contains(sq));
    match role {
        Role::King => FAR,
        Role::Pawn => check_distance(role, winner, from, king),
        Role::Knight => attacks::knight_attacks(king)
            .into_iter()
            .map(|to| knight_distance(from, to) + own(to))
            .min()
            .unwrap_or(FAR),
        _ => attacks::attacks(king, role.of(winner), Bitboard::EMPTY)
            .into_iter()
            .map(|to| {
                let reach = if to == from {
                    0
                } else {
                    slider_cost(board, role, winner, from, to) + own(to)
                };
                reach + (attacks::between(to, king) & board.occupied()).count() as u32
            })
            .min()
            .unwrap_or(FAR),
    }
}

/// How far `winner` is from a mate, for [`seek`]: twice the moves its nearest piece needs to
/// give check, plus the squares the other king can flee to (each wants a move of one side or
/// the other to close it). Not a bound: a guide.
fn mate_estimate(pos: &Chess, winner: Color, on_board: bool) -> u32 {
    let board = pos.board();
    let Some(king) = board.king_of(!winner) else {
        return FAR;
    };
    let check = board
        .by_color(winner)
        .into_iter()
        .filter_map(|from| Some((from, board.role_at(from)?)))
        .filter(|&(_, role)| role != Role::King)
        .map(|(from, role)| {
            if on_board {
                board_check_distance(board, winner, from, role, king)
            } else {
                check_distance(role, winner, from, king)
            }
        })
        .min()
        .unwrap_or(FAR);
    if check >= FAR {
        return FAR;
    }
    let without_king = board.occupied() ^ king;
    let flights = (shakmaty::attacks::king_attacks(king) & !board.by_color(!winner))
        .into_iter()
        .filter(|&sq| board.attacks_to(sq, winner, without_king).is_empty())
        .count() as u32;
    2 * check.max(1) + flights
}

/// The line from `start` to the node `id` of a search tree (position, parent, move).
fn line_to(tree: &[(Chess, usize, Option<Move>)], id: usize) -> Vec<Move> {
    let mut line = Vec::new();
    let mut at = id;
    while let Some((_, parent, Some(m))) = tree.get(at) {
        line.push(*m);
        at = *parent;
    }
    line.reverse();
    line
}

/// A helpmate for `winner` from `start`, found best first by `mate_estimate` within `nodes`
/// generated positions (ties to the position generated last, the deeper one); `None` when the
/// budget ran out first. Not a shortest line, but a short one where the solver's witness
/// wanders.
pub fn seek(start: &Chess, winner: Color, nodes: usize) -> Option<Vec<Move>> {
    seek_with(start, winner, nodes, false)
}

/// [`seek`], with `on_board` guided by [`board_check_distance`] (the men in the way count)
/// instead of the distances on an empty board.
fn seek_with(start: &Chess, winner: Color, nodes: usize, on_board: bool) -> Option<Vec<Move>> {
    let mut tree: Vec<(Chess, usize, Option<Move>)> = vec![(start.clone(), 0, None)];
    let mut seen: HashMap<Zobrist64, u32> = HashMap::new();
    let mut open = BinaryHeap::new();
    let h = mate_estimate(start, winner, on_board);
    if h >= FAR {
        return None;
    }
    // Each entry: estimate, tie-break (later first), plies played, node.
    open.push((Reverse(SEEK_WEIGHT * h), Reverse(usize::MAX), 0u32, 0usize));
    while let Some((_, _, g, id)) = open.pop() {
        let pos = tree[id].0.clone();
        if tree.len() > nodes {
            return None;
        }
        if pos.is_game_over() || pos.has_insufficient_material(winner) {
            continue;
        }
        for m in pos.legal_moves() {
            let mut next = pos.clone();
            next.play_unchecked(m);
            if pos.turn() == winner && next.is_checkmate() {
                let mut line = line_to(&tree, id);
                line.push(m);
                return Some(line);
            }
            let key: Zobrist64 = next.zobrist_hash(EnPassantMode::Legal);
            if seen.get(&key).is_some_and(|&b| b <= g + 1) {
                continue;
            }
            let h = mate_estimate(&next, winner, on_board);
            if h >= FAR {
                continue;
            }
            seen.insert(key, g + 1);
            tree.push((next, id, Some(m)));
            open.push((
                Reverse(g + 1 + SEEK_WEIGHT * h),
                Reverse(usize::MAX - tree.len()),
                g + 1,
                tree.len() - 1,
            ));
        }
    }
    None
}

struct Search {
    winner: Color,
    nodes_left: u64,
    /// Positions known to have no helpmate within the given number of plies.
    failed: HashMap<Zobrist64, u32>,
    out_of_budget: bool,
}

impl Search {
    /// Does `winner` mate within `depth` plies? On success `line` holds the moves, last first.
    fn mates(&mut self, pos: &Chess, depth: u32, line: &mut Vec<Move>) -> bool {
        // The last ply of a helpmate is the winner's.
        if depth == 0 || (depth == 1 && pos.turn() != self.winner) {
            return false;
        }
        if pos.has_insufficient_material(self.winner) {
            return false;
        }
        let key: Zobrist64 = pos.zobrist_hash(EnPassantMode::Legal);
        if self.failed.get(&key).is_some_and(|&d| d >= depth) {
            return false;
        }
        for m in pos.legal_moves() {
            if self.nodes_left == 0 {
                self.out_of_budget = true;
                return false;
            }
            self.nodes_left -= 1;
            let mut next = pos.clone();
            next.play_unchecked(m);
            let found = if next.is_checkmate() {
                pos.turn() == self.winner
            } else {
                self.mates(&next, depth - 1, line)
            };
            if found {
                line.push(m);
                return true;
            }
            if self.out_of_budget {
                return false;
            }
        }
        self.failed.insert(key, depth);
        false
    }
}

/// A shortest helpmate for `winner` of at most `max_plies` plies, found by iterative
/// deepening within `nodes` moves tried; `None` when there is none that short or the budget
/// ran out first.
pub fn shortest(pos: &Chess, winner: Color, max_plies: u32, nodes: u64) -> Option<Vec<Move>> {
    let mut search = Search {
        winner,
        nodes_left: nodes,
        failed: HashMap::new(),
        out_of_budget: false,
    };
    shortest_with(&mut search, pos, max_plies)
}

fn shortest_with(search: &mut Search, pos: &Chess, max_plies: u32) -> Option<Vec<Move>> {
    for depth in 1..=max_plies {
        let mut line = Vec::new();
        if search.mates(pos, depth, &mut line) {
            line.reverse();
            return Some(line);
        }
        if search.out_of_budget {
            return None;
        }
    }
    None
}

/// The positions a line of moves (given as UCI, so that captures are read afresh) goes
/// through from `start`, when every move is legal and the last position is a mate by
/// `winner`; `positions[0]` is `start`.
fn replay(start: &Chess, line: &[UciMove], winner: Color) -> Option<(Vec<Move>, Vec<Chess>)> {
    let mut positions = Vec::with_capacity(line.len() + 1);
    let mut moves = Vec::with_capacity(line.len());
    let mut pos = start.clone();
    for uci in line {
        let m = uci.to_move(&pos).ok()?;
        positions.push(pos.clone());
        pos.play_unchecked(m);
        moves.push(m);
    }
    let mated = pos.is_checkmate() && pos.turn() != winner;
    positions.push(pos);
    mated.then_some((moves, positions))
}

fn uci_of(moves: &[Move]) -> Vec<UciMove> {
    // Chess960 form: castling as king takes rook is read back unambiguously in either mode.
    moves
        .iter()
        .map(|m| UciMove::from_move(*m, CastlingMode::Chess960))
        .collect()
}

/// Remove every loop: from each position, jump to its last occurrence on the line.
fn without_loops(positions: &[Chess], moves: &[Move]) -> Vec<Move> {
    let mut last: HashMap<&Chess, usize> = HashMap::new();
    for (i, p) in positions.iter().enumerate() {
        last.insert(p, i);
    }
    let mut out = Vec::new();
    let mut i = 0;
    while i < moves.len() {
        i = last.get(&positions[i]).copied().unwrap_or(i);
        if let Some(m) = moves.get(i) {
            out.push(*m);
        }
        i += 1;
    }
    out
}

/// Remove stretches of an even number of plies (so that the side to move is kept) whose
/// removal leaves a legal line ending in the same mate; longest stretches first.
fn without_stretches(start: &Chess, moves: Vec<Move>, winner: Color) -> Vec<Move> {
    let mut line = uci_of(&moves);
    let mut len = line.len().saturating_sub(1) & !1;
    while len >= 2 {
        let mut i = 0;
        while i + len < line.len() {
            let mut shorter = line[..i].to_vec();
            shorter.extend_from_slice(&line[i + len..]);
            if replay(start, &shorter, winner).is_some() {
                line = shorter;
            } else {
                i += 1;
            }
        }
        len = (len - 2).min(line.len().saturating_sub(1) & !1);
    }
    replay(start, &line, winner).map_or(moves, |(m, _)| m)
}

/// The helpmate line for `winner` from `start` that every report shows (`position`, the
/// envelope's notes and the paragraph read aloud): given the solver's witness in UCI (as
/// [`crate::laws::dead::CanMate::Yes`] holds it), the shorter of [`seek`]'s line and the
/// witness, made shorter by [`shorten`]; without a witness that replays, the exact search
/// alone. Deterministic: node budgets only. `None` when no line was found.
pub fn shown(start: &Chess, witness: &[String], winner: Color) -> Option<Vec<Move>> {
    let mut pos = start.clone();
    let mut moves = Vec::with_capacity(witness.len());
    for u in witness {
        let Some(m) = u.parse::<UciMove>().ok().and_then(|u| u.to_move(&pos).ok()) else {
            moves.clear();
            break;
        };
        pos.play_unchecked(m);
        moves.push(m);
    }
    let take = |better: &mut Vec<Move>, line: Option<Vec<Move>>| match line {
        Some(s) if better.is_empty() || s.len() < better.len() => *better = s,
        _ => {}
    };
    let mut better = moves;
    take(&mut better, seek(start, winner, SEEK_NODES));
    // A middlegame, where the men stand in each other's way: the empty-board guide wanders
    // (66 plies for a Najdorf where 6 do), the guide that counts the men in the way does not.
    if (better.is_empty() || better.len() > MIDDLEGAME_PLIES)
        && start.board().occupied().count() > ROUTE_MAX_MEN
    {
        take(
            &mut better,
            seek_with(start, winner, MIDDLEGAME_NODES, true),
        );
    }
    let better = better.as_slice();
    (!better.is_empty())
        .then(|| shorten(start, better, winner))
        .flatten()
        .or_else(|| shortest(start, winner, SHORTEST_MAX_PLIES, SHORTEST_NODES))
}

/// A helpmate for `winner` from `start`, as short as the searches here find, given a witness
/// line (the solver's). `None` when the witness is not a legal line ending in `winner`'s mate
/// and no helpmate was found without it.
pub fn shorten(start: &Chess, witness: &[Move], winner: Color) -> Option<Vec<Move>> {
    let mut search = Search {
        winner,
        nodes_left: SHORTEST_NODES,
        failed: HashMap::new(),
        out_of_budget: false,
    };
    let cap = (witness.len() as u32)
        .saturating_sub(1)
        .min(SHORTEST_MAX_PLIES);
    if let Some(line) = shortest_with(&mut search, start, cap) {
        return Some(line);
    }
    let (mut moves, positions) = replay(start, &uci_of(witness), winner)?;
    if let Some(routed) = positions
        .last()
        .filter(|_| start.board().occupied().count() <= ROUTE_MAX_MEN)
        .and_then(|mate| route(start, mate, winner, ROUTE_NODES))
        .filter(|r| r.len() < moves.len())
    {
        moves = routed;
    }
    let mut nodes = SHORTCUT_NODES;
    loop {
        let before = moves.len();
        let (m, positions) = replay(start, &uci_of(&moves), winner)?;
        moves = without_loops(&positions, &m);
        moves = without_stretches(start, moves, winner);
        // A quicker mate from a position of the line, where one is within reach: the first
        // position (in line order) that gains anything is taken.
        let (m, positions) = replay(start, &uci_of(&moves), winner)?;
        let per_position = nodes / positions.len().max(1) as u64;
        for (i, p) in positions.iter().enumerate() {
            let rest = (m.len() - i) as u32;
            if rest <= 1 || nodes == 0 {
                continue;
            }
            let mut s = Search {
                winner,
                nodes_left: per_position.min(nodes),
                failed: HashMap::new(),
                out_of_budget: false,
            };
            let found = shortest_with(&mut s, p, (rest - 1).min(SHORTCUT_MAX_PLIES));
            nodes -= per_position.min(nodes) - s.nodes_left;
            if let Some(tail) = found {
                moves = m[..i].to_vec();
                moves.extend(tail);
                break;
            }
        }
        if moves.len() >= before {
            return Some(moves);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::laws::fen_pos as pos;

    fn play(start: &Chess, ucis: &[&str]) -> Vec<Move> {
        let mut p = start.clone();
        ucis.iter()
            .map(|u| {
                let m = u.parse::<UciMove>().unwrap().to_move(&p).unwrap();
                p.play_unchecked(m);
                m
            })
            .collect()
    }

    /// Issue 34's ordinary middlegame (a Najdorf): a line a player can check on a board for
    /// either side, where the empty-board guide alone gave 66 and 51 plies.
    #[test]
    fn a_middlegame_line_is_short() {
        let p = pos("rn1q1rk1/1p2bppp/p2pbn2/4p3/4P3/1NN1B3/PPPQBPPP/R4RK1 b - - 7 10");
        for winner in [Color::White, Color::Black] {
            let line = shown(&p, &[], winner).unwrap();
            assert!(line.len() <= 12, "{winner:?}: {}", line.len());
            assert!(replay(&p, &uci_of(&line), winner).is_some());
        }
    }

    #[test]
    fn shortest_lines() {
        let line = shortest(&Chess::default(), Color::White, 5, 100_000).unwrap();
        assert_eq!(line.len(), 5);
        // No mate for a bare king, however deep.
        assert!(shortest(
            &pos("8/8/4k3/8/8/8/8/4KQ2 w - - 0 1"),
            Color::Black,
            6,
            100_000
        )
        .is_none());
    }

    /// The line every report shows: a real helpmate, the same at every call, never longer
    /// than the witness, and without a witness the exact search's.
    #[test]
    fn the_shown_line() {
        let start = Chess::default();
        let fools = ["f2f3", "e7e5", "g2g4", "d8h4"].map(String::from);
        let line = shown(&start, &fools, Color::Black).unwrap();
        assert_eq!(line.len(), 4);
        assert!(replay(&start, &uci_of(&line), Color::Black).is_some());
        // An opening position where the solver's witness runs to 66 plies.
        let p = pos("rnb1kb1r/pp1pqp1p/5n2/2p1N1p1/3PP3/2N5/PPP2PPP/R1BQKB1R w KQkq c6 0 6");
        let first = shown(&p, &[], Color::Black).unwrap();
        assert!(replay(&p, &uci_of(&first), Color::Black).is_some());
        assert_eq!(shown(&p, &[], Color::Black), Some(first.clone()));
        // A witness that does not replay is set aside.
        assert_eq!(shown(&p, &["a1a8".to_string()], Color::Black), Some(first));
    }

    #[test]
    fn routed_to_the_witness_mate() {
        // Two knights against two knights, to the mate Ka1 Nb1 v Kb3 Nc2: 14 plies at most.
        let start = pos("8/8/4kn2/8/8/8/3N4/4K3 w - - 0 1");
        let mate = pos("8/8/8/8/8/1k6/2n5/KN6 w - - 0 1");
        let line = route(&start, &mate, Color::Black, ROUTE_NODES).unwrap();
        assert!(line.len() <= 14, "{}", line.len());
        assert!(replay(&start, &uci_of(&line), Color::Black).is_some());
        // Mated by the wrong side is not a goal.
        assert!(route(&start, &mate, Color::White, 1_000).is_none());
    }

    #[test]
    fn loops_and_stretches_are_cut() {
        // Fool's mate after the knights went out and back: the loop goes, the mate stays.
        let start = Chess::default();
        let moves = play(
            &start,
            &[
                "g1f3", "g8f6", "f3g1", "f6g8", "f2f3", "e7e5", "g2g4", "d8h4",
            ],
        );
        let (m, positions) = replay(&start, &uci_of(&moves), Color::Black).unwrap();
        assert_eq!(without_loops(&positions, &m).len(), 4);
        assert_eq!(
            without_stretches(&start, moves.clone(), Color::Black).len(),
            4
        );
        assert_eq!(shorten(&start, &moves, Color::Black).unwrap().len(), 4);
        // A witness that is no helpmate for that side is refused.
        assert!(replay(&start, &uci_of(&moves), Color::White).is_none());
    }
}
