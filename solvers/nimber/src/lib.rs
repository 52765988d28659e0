//! cgtk-nimber (being built).
