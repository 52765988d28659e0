//! Blue-Red-Green Hackenbush on trees (strings are trees without branches).

use crate::arena::{Arena, GameId};
use crate::fxhash::FxMap;
use crate::position_error::PositionError;

/// The most edges a Hackenbush position may have.
pub const MAX_HACKENBUSH_EDGES: usize = 48;

/// The colour of a Hackenbush edge: Left cuts blue, Right cuts red, both cut green.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, PartialOrd, Ord)]
pub enum EdgeColour {
    /// Left's (`B`, also `L`).
    Blue,
    /// Right's (`R`).
    Red,
    /// Either player's (`G`).
    Green,
}

/// An edge with the edges standing on its upper end. Cutting an edge removes it and
/// everything above it.
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub struct Edge {
    /// Who may cut it.
    pub colour: EdgeColour,
    /// The edges on top of it.
    pub children: Vec<Edge>,
}

impl Edge {
    fn size(&self) -> usize {
        1 + self.children.iter().map(Edge::size).sum::<usize>()
    }

    /// The text of the tree with branches sorted, the same for equal trees.
    fn key(&self) -> String {
        let mut s = String::new();
        s.push(match self.colour {
            EdgeColour::Blue => 'B',
            EdgeColour::Red => 'R',
            EdgeColour::Green => 'G',
        });
        match self.children.len() {
            0 => {}
            1 => s.push_str(&self.children[0].key()),
            _ => {
                let mut keys: Vec<String> = self.children.iter().map(Edge::key).collect();
                keys.sort();
                s.push('(');
                s.push_str(&keys.join(","));
                s.push(')');
            }
        }
        s
    }

    /// The tree after cutting edge number `k` (in preorder; 0 is this edge): `None` when the
    /// cut edge is this one.
    fn without(&self, k: usize) -> Option<Edge> {
        if k == 0 {
            return None;
        }
        let mut k = k - 1;
        let mut children = Vec::with_capacity(self.children.len());
        for c in &self.children {
            let n = c.size();
            if k < n {
                if let Some(rest) = c.without(k) {
                    children.push(rest);
                }
                k = usize::MAX;
            } else {
                if k != usize::MAX {
                    k -= n;
                }
                children.push(c.clone());
            }
        }
        Some(Edge {
            colour: self.colour,
            children,
        })
    }

    fn colours(&self, out: &mut Vec<EdgeColour>) {
        out.push(self.colour);
        for c in &self.children {
            c.colours(out);
        }
    }
}

/// Reads a Hackenbush position: stalks standing on the ground separated by commas; a
/// stalk is a letter per edge from the ground up (`B` blue, `R` red, `G` green), and
/// `(…, …)` after an edge puts several branches on it: `BRB` is a string, `B(R,BG)` a
/// blue edge carrying a red edge and a blue-green string, `BB,R` two stalks.
///
/// ```
/// use cgtk_partizan::parse_hackenbush;
/// assert_eq!(parse_hackenbush("B(R,BG),RR").unwrap().len(), 2);
/// assert!(parse_hackenbush("B(R").is_err());
/// assert!(parse_hackenbush("BXR").is_err());
/// ```
pub fn parse_hackenbush(text: &str) -> Result<Vec<Edge>, PositionError> {
    let chars: Vec<(usize, char)> = text
        .chars()
        .enumerate()
        .filter(|(_, c)| !c.is_whitespace())
        .collect();
    let mut at = 0;
    let mut stalks = vec![stalk(text, &chars, &mut at)?];
    while at < chars.len() && chars[at].1 == ',' {
        at += 1;
        stalks.push(stalk(text, &chars, &mut at)?);
    }
    if at < chars.len() {
        return Err(unexpected(
            text,
            chars[at],
            "an edge letter B, R or G, or ','",
        ));
    }
    let edges: usize = stalks.iter().map(Edge::size).sum();
    if edges > MAX_HACKENBUSH_EDGES {
        return Err(PositionError::TooLarge {
            what: format!("{edges} edges (at most {MAX_HACKENBUSH_EDGES})"),
        });
    }
    Ok(stalks)
}

fn unexpected(text: &str, (i, c): (usize, char), allowed: &'static str) -> PositionError {
    PositionError::Character {
        text: text.to_string(),
        position: i + 1,
        character: c,
        allowed,
    }
}

fn stalk(text: &str, chars: &[(usize, char)], at: &mut usize) -> Result<Edge, PositionError> {
    let Some(&(i, c)) = chars.get(*at) else {
        return Err(PositionError::Malformed {
            text: text.to_string(),
            what: "an edge letter missing at the end".to_string(),
        });
    };
    let colour = match c.to_ascii_uppercase() {
        'B' | 'L' => EdgeColour::Blue,
        'R' => EdgeColour::Red,
        'G' => EdgeColour::Green,
        _ => return Err(unexpected(text, (i, c), "an edge letter B, R or G")),
    };
    *at += 1;
    let mut children = Vec::new();
    match chars.get(*at).map(|x| x.1) {
        Some('(') => {
            *at += 1;
            children.push(stalk(text, chars, at)?);
            loop {
                match chars.get(*at) {
                    Some(&(_, ',')) => {
                        *at += 1;
                        children.push(stalk(text, chars, at)?);
                    }
                    Some(&(_, ')')) => {
                        *at += 1;
                        break;
                    }
                    Some(&x) => return Err(unexpected(text, x, "',' or ')'")),
                    None => {
                        return Err(PositionError::Malformed {
                            text: text.to_string(),
                            what: "a '(' is not closed".to_string(),
                        })
                    }
                }
            }
        }
        Some(ch) if ch != ',' && ch != ')' => children.push(stalk(text, chars, at)?),
        _ => {}
    }
    Ok(Edge { colour, children })
}

/// Values of Hackenbush trees, each computed from its options and kept in a table keyed by
/// the tree's text with branches sorted.
///
/// ```
/// use cgtk_partizan::{Arena, Hackenbush};
/// let mut a = Arena::new();
/// let mut h = Hackenbush::new();
/// let g = h.parse_value(&mut a, "BRB").unwrap();
/// assert_eq!(a.display(g), "3/4");
/// let g = h.parse_value(&mut a, "GG(G,G)").unwrap();
/// assert_eq!(a.display(g), "*2");
/// let g = h.parse_value(&mut a, "BG").unwrap();
/// assert_eq!(a.display(g), "1*");
/// ```
#[derive(Debug, Default)]
pub struct Hackenbush {
    table: FxMap<String, GameId>,
}

impl Hackenbush {
    /// An empty table.
    pub fn new() -> Hackenbush {
        Hackenbush::default()
    }

    /// The value of a forest: the sum of its stalks.
    pub fn value(&mut self, arena: &mut Arena, stalks: &[Edge]) -> GameId {
        let mut total = arena.zero();
        for s in stalks {
            let g = self.stalk_value(arena, s);
            total = arena.add(total, g);
        }
        total
    }

    fn stalk_value(&mut self, arena: &mut Arena, edge: &Edge) -> GameId {
        let key = edge.key();
        if let Some(&g) = self.table.get(&key) {
            return g;
        }
        let mut colours = Vec::new();
        edge.colours(&mut colours);
        let mut left = Vec::new();
        let mut right = Vec::new();
        for (k, &c) in colours.iter().enumerate() {
            let rest = edge.without(k);
            let g = match &rest {
                Some(e) => self.stalk_value(arena, e),
                None => arena.zero(),
            };
            if c != EdgeColour::Red {
                left.push(g);
            }
            if c != EdgeColour::Blue {
                right.push(g);
            }
        }
        let g = arena.construct(left, right);
        self.table.insert(key, g);
        g
    }

    /// Reads a position ([`parse_hackenbush`]) and returns its value.
    pub fn parse_value(&mut self, arena: &mut Arena, text: &str) -> Result<GameId, PositionError> {
        let stalks = parse_hackenbush(text)?;
        Ok(self.value(arena, &stalks))
    }
}
