//! cgtk-games (being built).
pub mod chess;
