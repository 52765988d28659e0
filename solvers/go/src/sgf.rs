//! SGF (FF[4]) reading and writing for Go.
//!
//! Read: the first game of a collection, along its main line (the first variation at
//! every branch; other variations are skipped). Supported properties: `GM` (must be 1),
//! `FF` (1 to 4), `SZ` (`SZ[9]` or rectangular `SZ[7:5]`, columns first), `AB` `AW` `AE`
//! (single points or `aa:cc` rectangles) before the first move, `B` and `W` (`[]` or
//! `[tt]` on boards up to 19×19 is a pass), `PL`, `KM`, and the marks `TR` `SQ` `MA`
//! (collected as [`SgfGame::marked`], a local problem's region); other properties (comments,
//! player names, …) are ignored. Setup properties after a move are refused with
//! [`SgfError::Unsupported`].
//!
//! Write: one game tree with `FF[4]GM[1]SZ KM`, the start stones (`AB` `AW`), `PL` and the
//! moves.

use crate::position::{Go, Komi, KomiError, PositionError, Rules, Setup};
use crate::types::{Color, Move};
use thiserror::Error;

/// Why an SGF text is not read.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum SgfError {
    /// The text is not SGF.
    #[error("sgf syntax error at byte {offset}: {message}")]
    Syntax {
        /// Where (in bytes from the start).
        offset: usize,
        /// What was expected.
        message: String,
    },
    /// A property value that does not parse.
    #[error("bad value {value:?} for property {property}")]
    BadValue {
        /// The property.
        property: String,
        /// The value.
        value: String,
    },
    /// A `KM` value that is a number but not a komi (see [`Komi::try_from_points`]).
    #[error("bad value {value:?} for property KM: {reason}")]
    BadKomi {
        /// The value.
        value: String,
        /// Why it is not a komi.
        reason: KomiError,
    },
    /// Something valid in SGF that this reader does not handle.
    #[error("unsupported: {property}[{value}] ({reason})")]
    Unsupported {
        /// The property.
        property: String,
        /// The value.
        value: String,
        /// Why.
        reason: String,
    },
    /// One node sets a point twice (`AB[aa]AW[aa]`, or `AB[aa][aa]`): SGF forbids it, and
    /// which setting should count is anyone's guess (the last one used to win silently).
    #[error("point {point} is set up twice in one node ({first} and {second}); a node sets each point once")]
    SetTwice {
        /// The point, in SGF letters (`aa`).
        point: String,
        /// The property that set it first (`AB`, `AW` or `AE`).
        first: String,
        /// The property that set it again.
        second: String,
    },
    /// The set-up stones do not form a legal position.
    #[error(transparent)]
    Position(#[from] PositionError),
    /// A move of the main line is illegal.
    #[error("move {number} ({color} {point}) is illegal: {reason}")]
    IllegalMove {
        /// The move's number along the main line (1 = first).
        number: usize,
        /// Who played it.
        color: Color,
        /// The SGF point (`dd`, or empty for a pass).
        point: String,
        /// Why it is refused.
        reason: String,
    },
}

/// One SGF node: its properties with their values, in order.
type Node = Vec<(String, Vec<String>)>;

/// A game read from SGF: the start position, the komi if given, and the moves.
///
/// ```
/// use cgtk_go::{Color, SgfGame};
/// let game = SgfGame::parse("(;GM[1]FF[4]SZ[5:3]KM[0.5]AB[aa];W[cb];B[])").unwrap();
/// assert_eq!((game.setup.width, game.setup.height), (5, 3));
/// assert_eq!(game.moves, vec![(Color::White, Some((2, 1))), (Color::Black, None)]);
/// assert!(game.marked.is_empty());
/// let marked = SgfGame::parse("(;SZ[3]TR[ba][aa:ab]SQ[aa])").unwrap().marked;
/// assert_eq!(marked, vec![(0, 0), (1, 0), (0, 1)]);
/// let go = game.into_go(None).unwrap();
/// assert_eq!(go.rules().komi.points(), 0.5);
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SgfGame {
    /// The start position (stones from `AB`/`AW`, side to move from `PL` or the first
    /// move).
    pub setup: Setup,
    /// `KM`, if present.
    pub komi: Option<Komi>,
    /// The moves: colour and `(column, row)` from the top left, `None` for a pass.
    pub moves: Vec<(Color, Option<(usize, usize)>)>,
    /// The points marked with `TR`, `SQ` or `MA` anywhere on the main line, as
    /// `(column, row)` from the top left, in board order without repeats (a local
    /// problem's region).
    pub marked: Vec<(usize, usize)>,
}

struct Parser<'a> {
    text: &'a [u8],
    pos: usize,
}

impl Parser<'_> {
    fn error<T>(&self, message: &str) -> Result<T, SgfError> {
        Err(SgfError::Syntax {
            offset: self.pos,
            message: message.to_string(),
        })
    }
    fn skip_ws(&mut self) {
        while self.pos < self.text.len() && self.text[self.pos].is_ascii_whitespace() {
            self.pos += 1;
        }
    }
    fn peek(&mut self) -> Option<u8> {
        self.skip_ws();
        self.text.get(self.pos).copied()
    }
    /// Reads a game tree `( node+ tree* )`: the main line's nodes are appended to `line`
    /// when `main` holds; variations after the first are read and dropped.
    fn tree(&mut self, line: &mut Vec<Node>, main: bool) -> Result<(), SgfError> {
        if self.peek() != Some(b'(') {
            return self.error("expected '('");
        }
        self.pos += 1;
        let mut nodes = 0;
        while self.peek() == Some(b';') {
            self.pos += 1;
            let node = self.node()?;
            if main {
                line.push(node);
            }
            nodes += 1;
        }
        if nodes == 0 {
            return self.error("expected ';' to start a node");
        }
        let mut first = true;
        while self.peek() == Some(b'(') {
            self.tree(line, main && first)?;
            first = false;
        }
        if self.peek() != Some(b')') {
            return self.error("expected ')'");
        }
        self.pos += 1;
        Ok(())
    }
    fn node(&mut self) -> Result<Node, SgfError> {
        let mut props = Vec::new();
        while let Some(c) = self.peek() {
            if !c.is_ascii_uppercase() {
                break;
            }
            let start = self.pos;
            while self.pos < self.text.len() && self.text[self.pos].is_ascii_uppercase() {
                self.pos += 1;
            }
            let ident = String::from_utf8_lossy(&self.text[start..self.pos]).into_owned();
            let mut values = Vec::new();
            while self.peek() == Some(b'[') {
                self.pos += 1;
                let mut value = Vec::new();
                loop {
                    match self.text.get(self.pos) {
                        None => return self.error("unterminated property value"),
                        Some(b']') => break,
                        Some(b'\\') => {
                            self.pos += 1;
                            if let Some(&c) = self.text.get(self.pos) {
                                value.push(c);
                            }
                        }
                        Some(&c) => value.push(c),
                    }
                    self.pos += 1;
                }
                self.pos += 1;
                values.push(String::from_utf8_lossy(&value).into_owned());
            }
            if values.is_empty() {
                return self.error("property without a value");
            }
            props.push((ident, values));
        }
        Ok(props)
    }
}

fn bad(property: &str, value: &str) -> SgfError {
    SgfError::BadValue {
        property: property.to_string(),
        value: value.to_string(),
    }
}

fn coord(c: u8) -> Option<usize> {
    c.is_ascii_lowercase().then(|| (c - b'a') as usize)
}

/// An SGF point `ab` on a `width × height` board: `(column, row)`.
fn point(value: &str, width: usize, height: usize) -> Option<(usize, usize)> {
    let b = value.as_bytes();
    if b.len() != 2 {
        return None;
    }
    let (x, y) = (coord(b[0])?, coord(b[1])?);
    (x < width && y < height).then_some((x, y))
}

fn point_list(
    property: &str,
    value: &str,
    width: usize,
    height: usize,
) -> Result<Vec<(usize, usize)>, SgfError> {
    if let Some((a, b)) = value.split_once(':') {
        let (x0, y0) = point(a, width, height).ok_or_else(|| bad(property, value))?;
        let (x1, y1) = point(b, width, height).ok_or_else(|| bad(property, value))?;
        let mut out = Vec::new();
        for y in y0.min(y1)..=y0.max(y1) {
            for x in x0.min(x1)..=x0.max(x1) {
                out.push((x, y));
            }
        }
        Ok(out)
    } else {
        Ok(vec![
            point(value, width, height).ok_or_else(|| bad(property, value))?
        ])
    }
}

impl SgfGame {
    /// Reads the first game of an SGF collection along its main line.
    ///
    /// ```
    /// use cgtk_go::{SgfError, SgfGame};
    /// assert!(SgfGame::parse("(;SZ[9];B[ee](;W[cc])(;W[gg]))").unwrap().moves.len() == 2);
    /// assert!(matches!(SgfGame::parse("(;GM[3])"), Err(SgfError::Unsupported { .. })));
    /// assert!(matches!(SgfGame::parse("(;SZ[9"), Err(SgfError::Syntax { .. })));
    /// ```
    pub fn parse(text: &str) -> Result<SgfGame, SgfError> {
        // A UTF-8 byte-order mark (some editors write one) is skipped; offsets in errors
        // still count from the start of the text.
        let mut parser = Parser {
            text: text.as_bytes(),
            pos: if text.starts_with('\u{feff}') { 3 } else { 0 },
        };
        let mut line = Vec::new();
        parser.tree(&mut line, true)?;
        let (mut width, mut height) = (19, 19);
        let mut komi = None;
        let mut player: Option<Color> = None;
        // The size comes first: read it from the root before any point.
        if let Some(root) = line.first() {
            for (ident, values) in root {
                let v = values[0].trim();
                match ident.as_str() {
                    "SZ" => {
                        let parsed = match v.split_once(':') {
                            Some((w, h)) => w.trim().parse().ok().zip(h.trim().parse().ok()),
                            None => v.parse().ok().map(|n| (n, n)),
                        };
                        (width, height) = parsed.ok_or_else(|| bad("SZ", v))?;
                        if !(1..=crate::MAX_SIDE).contains(&width)
                            || !(1..=crate::MAX_SIDE).contains(&height)
                        {
                            return Err(SgfError::Unsupported {
                                property: "SZ".into(),
                                value: v.into(),
                                reason: "boards from 1x1 to 19x19 only".into(),
                            });
                        }
                    }
                    "GM" if v != "1" => {
                        return Err(SgfError::Unsupported {
                            property: "GM".into(),
                            value: v.into(),
                            reason: "only Go (GM[1]) is read".into(),
                        })
                    }
                    "FF" if !matches!(v, "1" | "2" | "3" | "4") => {
                        return Err(SgfError::Unsupported {
                            property: "FF".into(),
                            value: v.into(),
                            reason: "file formats 1 to 4 only".into(),
                        })
                    }
                    _ => {}
                }
            }
        }
        let mut setup = Setup::empty(width, height);
        let mut moves = Vec::new();
        let mut marked = Vec::new();
        for node in &line {
            // The points this node sets up, with the property that set each.
            let mut set_here: Vec<(usize, &str)> = Vec::new();
            for (ident, values) in node {
                match ident.as_str() {
                    "AB" | "AW" | "AE" => {
                        if !moves.is_empty() {
                            return Err(SgfError::Unsupported {
                                property: ident.clone(),
                                value: values.join("]["),
                                reason: "set-up stones after the first move".into(),
                            });
                        }
                        let stone = match ident.as_str() {
                            "AB" => Some(Color::Black),
                            "AW" => Some(Color::White),
                            _ => None,
                        };
                        for v in values {
                            for (x, y) in point_list(ident, v, width, height)? {
                                let at = y * width + x;
                                if let Some(&(_, first)) = set_here.iter().find(|(p, _)| *p == at) {
                                    return Err(SgfError::SetTwice {
                                        point: sgf_point((x, y)),
                                        first: first.to_string(),
                                        second: ident.clone(),
                                    });
                                }
                                set_here.push((at, ident.as_str()));
                                setup.stones[at] = stone;
                            }
                        }
                    }
                    "B" | "W" => {
                        let color = if ident == "B" {
                            Color::Black
                        } else {
                            Color::White
                        };
                        let v = values[0].trim();
                        let mv = if v.is_empty() || (v == "tt" && width <= 19 && height <= 19) {
                            None
                        } else {
                            Some(point(v, width, height).ok_or_else(|| bad(ident, v))?)
                        };
                        moves.push((color, mv));
                    }
                    "TR" | "SQ" | "MA" => {
                        for v in values {
                            marked.extend(point_list(ident, v.trim(), width, height)?);
                        }
                    }
                    "PL" => {
                        let v = values[0].trim();
                        player = Some(match v {
                            "B" | "b" => Color::Black,
                            "W" | "w" => Color::White,
                            _ => return Err(bad("PL", v)),
                        });
                    }
                    "KM" => {
                        let v = values[0].trim();
                        let points = v.parse::<f64>().map_err(|_| bad("KM", v))?;
                        let k =
                            Komi::try_from_points(points).map_err(|reason| SgfError::BadKomi {
                                value: v.to_string(),
                                reason,
                            })?;
                        komi = Some(k);
                    }
                    _ => {}
                }
            }
        }
        setup.to_move = player
            .or_else(|| moves.first().map(|m: &(Color, _)| m.0))
            .unwrap_or(Color::Black);
        marked.sort_by_key(|&(x, y)| (y, x));
        marked.dedup();
        Ok(SgfGame {
            setup,
            komi,
            moves,
            marked,
        })
    }

    /// The game after its moves, under `rules` (default [`Rules::for_size`]) with `KM`
    /// as komi when given. Moves are checked; a colour may move twice in a row, and a move
    /// after two passes continues the game (see [`Go::resume`]).
    ///
    /// ```
    /// use cgtk_go::{SgfError, SgfGame};
    /// let illegal = SgfGame::parse("(;SZ[3];B[bb];W[bb])").unwrap();
    /// assert!(matches!(illegal.into_go(None), Err(SgfError::IllegalMove { number: 2, .. })));
    /// ```
    pub fn into_go(&self, rules: Option<Rules>) -> Result<Go, SgfError> {
        self.replay(rules, |_| {})
    }

    /// [`into_go`](SgfGame::into_go), showing `before_each` the game before each move.
    pub(crate) fn replay(
        &self,
        rules: Option<Rules>,
        mut before_each: impl FnMut(&Go),
    ) -> Result<Go, SgfError> {
        let mut rules =
            rules.unwrap_or_else(|| Rules::for_size(self.setup.width, self.setup.height));
        if let Some(k) = self.komi {
            rules.komi = k;
        }
        let mut go = self.setup.position(Some(rules))?;
        for (i, &(color, mv)) in self.moves.iter().enumerate() {
            let m = match mv {
                None => Move::Pass,
                Some((x, y)) => match go.board().point(x, y) {
                    Some(p) => Move::Play(p),
                    None => return Err(bad(&color.letter().to_string(), "off the board")),
                },
            };
            before_each(&go);
            // A move after two passes continues the game: records play on to settle
            // dead stones, as GTP controllers do.
            go.resume();
            go.play(m, color).map_err(|e| SgfError::IllegalMove {
                number: i + 1,
                color,
                point: mv.map_or(String::new(), sgf_point),
                reason: e.to_string(),
            })?;
        }
        Ok(go)
    }
}

fn sgf_point((x, y): (usize, usize)) -> String {
    format!("{}{}", (b'a' + x as u8) as char, (b'a' + y as u8) as char)
}

/// Writes a game as SGF: its start position, komi, side to move and moves (passes as
/// `[]`). [`SgfGame::parse`] reads it back.
///
/// ```
/// use cgtk_core::Game;
/// use cgtk_go::{write_sgf, Go, Move, SgfGame};
/// let mut go = Go::new(9, 9).unwrap();
/// go.make(Move::Play(go.board().point(4, 4).unwrap()));
/// go.make(Move::Pass);
/// let text = write_sgf(&go);
/// assert_eq!(text, "(;FF[4]GM[1]SZ[9]KM[7.5]PL[B];B[ee];W[])\n");
/// assert_eq!(SgfGame::parse(&text).unwrap().into_go(None).unwrap(), go);
/// ```
pub fn write_sgf(go: &Go) -> String {
    let start = go.start_setup();
    let size = if start.width == start.height {
        start.width.to_string()
    } else {
        format!("{}:{}", start.width, start.height)
    };
    let mut out = format!("(;FF[4]GM[1]SZ[{size}]KM[{}]", go.rules().komi);
    for (prop, colour) in [("AB", Color::Black), ("AW", Color::White)] {
        let points: Vec<String> = start
            .stones
            .iter()
            .enumerate()
            .filter(|&(_, &s)| s == Some(colour))
            .map(|(i, _)| format!("[{}]", sgf_point((i % start.width, i / start.width))))
            .collect();
        if !points.is_empty() {
            out.push_str(prop);
            out.push_str(&points.concat());
        }
    }
    out.push_str(&format!("PL[{}]", start.to_move.letter()));
    for &(color, mv) in go.moves() {
        let value = match mv {
            Move::Pass => String::new(),
            Move::Play(p) => sgf_point(go.board().coords(p)),
        };
        out.push_str(&format!(";{}[{value}]", color.letter()));
    }
    out.push_str(")\n");
    out
}
