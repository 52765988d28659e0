//! Limits, shared best weight and progress reports of a running search.

use std::sync::atomic::{AtomicBool, AtomicU64, AtomicU8, Ordering};
use std::time::{Duration, Instant};

/// How a fewest-presses search went about it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum SearchMethod {
    /// Only one solution exists.
    Unique,
    /// Every solution weighed (up to the board's symmetries), split over the cores: chunks
    /// by a Walsh–Hadamard transform, small pieces in Gray-code order (one packed XOR and
    /// popcount each). The name stays `gray-code` in reports.
    GrayCode,
    /// Minimum-weight codeword search over disjoint information sets with a lower bound
    /// (Brouwer–Zimmermann style) that stops when the bound meets the best found.
    InformationSets,
    /// Odometer walk over the coset in k > 2 colours.
    CosetWalk,
    /// Local search only (the coset is too large to walk): the result is not proven.
    LocalSearch,
}

impl SearchMethod {
    const ALL: [SearchMethod; 5] = [
        SearchMethod::Unique,
        SearchMethod::GrayCode,
        SearchMethod::InformationSets,
        SearchMethod::CosetWalk,
        SearchMethod::LocalSearch,
    ];

    /// A short name for reports.
    pub fn name(self) -> &'static str {
        match self {
            SearchMethod::Unique => "unique",
            SearchMethod::GrayCode => "gray-code",
            SearchMethod::InformationSets => "information-sets",
            SearchMethod::CosetWalk => "coset-walk",
            SearchMethod::LocalSearch => "local-search",
        }
    }
}

/// Limits of a fewest-presses search. When one is reached the search returns the best
/// solution found and the lower bound proven so far.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct SearchLimits {
    /// Wall-clock time allowed.
    pub time: Option<Duration>,
    /// Candidate solutions allowed (each evaluated solution counts one).
    pub nodes: Option<u64>,
}

/// A snapshot of a running search, for progress bars.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SearchProgress {
    /// The method running.
    pub method: SearchMethod,
    /// Candidates evaluated so far.
    pub done: u64,
    /// Candidates the search expects to evaluate in all (an estimate for information sets).
    pub total: u64,
    /// Fewest presses found so far.
    pub best: u64,
    /// Proven lower bound on the fewest presses.
    pub lower_bound: u64,
}

/// Shared state of the worker threads.
pub(crate) struct Control<'a> {
    method: AtomicU8,
    pub start: Instant,
    pub limits: SearchLimits,
    pub nodes: AtomicU64,
    pub total: AtomicU64,
    pub best: AtomicU64,
    pub lower_bound: AtomicU64,
    pub stopped: AtomicBool,
    pub report: &'a (dyn Fn(&SearchProgress) + Sync),
    pub last_report: AtomicU64,
}

impl<'a> Control<'a> {
    pub fn new(
        method: SearchMethod,
        limits: SearchLimits,
        report: &'a (dyn Fn(&SearchProgress) + Sync),
    ) -> Self {
        Control {
            method: AtomicU8::new(method as u8),
            start: Instant::now(),
            limits,
            nodes: AtomicU64::new(0),
            total: AtomicU64::new(0),
            best: AtomicU64::new(u64::MAX),
            lower_bound: AtomicU64::new(0),
            stopped: AtomicBool::new(false),
            report,
            last_report: AtomicU64::new(0),
        }
    }

    /// Counts `n` evaluated candidates; true when the search must stop.
    pub fn tick(&self, n: u64) -> bool {
        let done = self.nodes.fetch_add(n, Ordering::Relaxed) + n;
        let over_nodes = self.limits.nodes.is_some_and(|l| done >= l);
        let elapsed = self.start.elapsed();
        let over_time = self.limits.time.is_some_and(|t| elapsed >= t);
        if over_nodes || over_time {
            self.stopped.store(true, Ordering::Relaxed);
        }
        // A report at most every 100 ms.
        let ms = elapsed.as_millis() as u64;
        let last = self.last_report.load(Ordering::Relaxed);
        if ms >= last + 100
            && self
                .last_report
                .compare_exchange(last, ms, Ordering::Relaxed, Ordering::Relaxed)
                .is_ok()
        {
            self.send();
        }
        self.stopped.load(Ordering::Relaxed)
    }

    /// Switches the method named in reports.
    pub fn set_method(&self, method: SearchMethod) {
        self.method.store(method as u8, Ordering::Relaxed);
    }

    /// The method named in reports.
    pub fn method(&self) -> SearchMethod {
        SearchMethod::ALL[usize::from(self.method.load(Ordering::Relaxed))]
    }

    /// Whether a limit was reached.
    pub fn is_stopped(&self) -> bool {
        self.stopped.load(Ordering::Relaxed)
    }

    /// Lowers the shared best weight to `w` if it is lower.
    pub fn offer(&self, w: u64) {
        self.best.fetch_min(w, Ordering::Relaxed);
    }

    /// Sends a progress report now.
    pub fn send(&self) {
        (self.report)(&SearchProgress {
            method: self.method(),
            done: self.nodes.load(Ordering::Relaxed),
            total: self.total.load(Ordering::Relaxed),
            best: self.best.load(Ordering::Relaxed),
            lower_bound: self.lower_bound.load(Ordering::Relaxed),
        });
    }
}
