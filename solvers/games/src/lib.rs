//! cgtk-games (being built).
