//! Error types, one per family of operations.

use cgtk_core::BoardSizeError;
use thiserror::Error;

/// A permutation could not be built from what was given.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum PermError {
    /// A point outside `0..degree`.
    #[error("point {point} is out of range: points are 0..{degree}")]
    PointOutOfRange {
        /// The offending point.
        point: u32,
        /// The degree of the permutation.
        degree: usize,
    },
    /// Text that is not cycle notation.
    #[error("bad cycle notation `{0}`: expected cycles such as (0 1 2)(3 4)")]
    BadNotation(String),
    /// A point given twice.
    #[error("point {point} appears twice: a permutation moves each point once")]
    RepeatedPoint {
        /// The offending point.
        point: u32,
    },
}

/// A group could not be built or used as asked.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum GroupError {
    /// A generator acts on a different number of points than the group.
    #[error("generator {index} acts on {found} points, but the group acts on {degree}")]
    DegreeMismatch {
        /// Position of the generator in the list.
        index: usize,
        /// Its degree.
        found: usize,
        /// The group's degree.
        degree: usize,
    },
    /// A size of zero, or too large to handle.
    #[error("{what} must be between {min} and {max}, got {value}")]
    SizeOutOfRange {
        /// What the size measures.
        what: &'static str,
        /// The offending value.
        value: u64,
        /// Smallest allowed value.
        min: u64,
        /// Largest allowed value.
        max: u64,
    },
    /// The group has too many elements to list one by one.
    #[error("the group has {order} elements; listing them is limited to {limit}")]
    TooManyElements {
        /// The group order (decimal).
        order: String,
        /// The limit.
        limit: u64,
    },
    /// A size that is not a number.
    #[error("bad group size `{0}`: expected a whole number such as 8")]
    BadSize(String),
    /// An unknown group name.
    #[error("unknown group `{0}`: expected cyclic, dihedral, symmetric, board or generators")]
    UnknownGroup(String),
    /// A board size that is not `N` or `RxC`.
    #[error(transparent)]
    BoardSize(#[from] BoardSizeError),
    /// A generator that is not a permutation.
    #[error(transparent)]
    Perm(#[from] PermError),
}

/// A count could not be made as asked.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum CountError {
    /// Zero colours.
    #[error("the number of colours must be at least 1, got 0")]
    NoColours,
    /// The content has a different number of entries than there are colours.
    #[error("the content has {found} entries but there are {colours} colours: give one count per colour")]
    ContentLength {
        /// Entries given.
        found: usize,
        /// Colours.
        colours: usize,
    },
    /// The content does not add up to the number of points.
    #[error("the content adds up to {sum}, but there are {points} positions to fill")]
    ContentSum {
        /// The sum of the content.
        sum: u64,
        /// The number of points (beads, cells).
        points: usize,
    },
    /// Too many colourings to enumerate.
    #[error("too large to enumerate: {colourings} colourings × {symmetries} symmetries exceeds the limit of {limit}")]
    TooLarge {
        /// Number of colourings (decimal).
        colourings: String,
        /// Group order.
        symmetries: String,
        /// The work limit.
        limit: u64,
    },
    /// The pattern inventory would have too many terms to list.
    #[error("the pattern inventory would have {terms} terms; at most {limit} can be listed")]
    InventoryTooLarge {
        /// Number of terms (decimal).
        terms: String,
        /// The limit.
        limit: u64,
    },
    /// The group could not be built.
    #[error(transparent)]
    Group(#[from] GroupError),
    /// A colour name that cannot be printed in an inventory unambiguously.
    #[error("colour name {name:?}: a name is letters, digits and _, not starting with a digit")]
    ColourName {
        /// The rejected name.
        name: String,
    },
    /// Two colours with the same name.
    #[error("colour name {name:?} is given twice: every colour needs its own name")]
    RepeatedColourName {
        /// The repeated name.
        name: String,
    },
    /// More colours than the brute force can hold.
    #[error("the brute force handles at most 255 colours, got {0}")]
    TooManyColours(usize),
}
