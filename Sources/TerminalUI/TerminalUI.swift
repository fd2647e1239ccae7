// # TerminalUI
//
// A small toolkit for full-screen and line-based terminal programs, on the C library alone. Every
// escape sequence a program built on it sends lives here; the code above it speaks of keys,
// frames and styles.
//
// - Input: `RawTerminal` (raw mode, the alternate screen, bracketed paste, mouse reports when
//   asked for, restored on every way out), `KeyDecoder` (bytes → `Key`: arrows, Alt chords, a lone
//   Esc after a short wait, pastes, `MouseEvent`s), `MouseClickCounter` (double clicks, on the
//   caller's clock), `TerminalEvents` (keys from a reader thread and the job-control signals as one
//   stream).
// - Output: `Frame` (lines of width-measured, sanitised cell runs, optionally linked with OSC 8),
//   `FrameEncoder` (the bytes that turn one frame into the next: changed lines only, scroll regions
//   for a scrolled list), `TextStyle` (SGR styling for line output), `LineControl`, `Clipboard`
//   (OSC 52: copying through the terminal, over ssh and tmux too).
// - Text: `DisplayWidth` (columns a string takes, CJK and emoji included; cut and wrap by width),
//   `TerminalSanitizer` (no control character from outside reaches the terminal), `LineEditor`
//   (a one-line text field with the usual Emacs-style keys), `TerminalSize`, `FuzzyPattern` (fzf-style
//   filtering: subsequence, scored, the matched characters highlighted with `FrameLine`'s
//   `append(_:width:_:highlighting:)`) on `TextFolding` (case and accents, without Foundation).
// - Streams: `Console` (the process's standard streams and what its terminal can do, or a
//   test's `ConsoleStreams`), `TextOutput` and `LineInput` (the seams), `FileDescriptorOutput`
//   (whole writes, EPIPE quiet, other failures kept), `StandardInputReader` (bounded lines on a
//   thread of its own), `HoldableOutput` (standard error kept while a full-screen session draws),
//   `TerminalSpinner` (an `ActivityIndicator` on standard error); the program words what they
//   drop (`ConsoleMessages`).
//
// It knows nothing of the program that uses it. Its tests are `Tests/TerminalUITests`.
