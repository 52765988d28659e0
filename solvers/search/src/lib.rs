//! cgtk-search (being built).
