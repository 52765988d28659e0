//! cgtk-retro (being built).
