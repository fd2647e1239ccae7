// # Platform
//
// What a program needs from the operating system beyond the standard library, written on the C
// library so that a static Linux binary never links swift-corelibs-foundation (CoreFoundation and
// ICU's data: three times the size, and about 5 MiB more memory in every run):
//
// - `PrivateFiles`: folders and files kept for the user alone, trusted only when they are the
//   user's own, never through a link, never blocking on a planted FIFO.
// - `AtomicFile`: replace a file so readers see the old contents or the new, never a mix.
// - `DetachedThread`: a thread of its own for work that blocks (a `poll`, a `read`).
// - `DetachedProcess`: another program started for the user (a browser, a player), directly,
//   in a process group of its own, inheriting nothing.
// - `SupervisedProcess`: another program this one keeps charge of (a media player): in a session
//   of its own with no terminal, its output's first line kept, ended with its whole group, and
//   with this process however it ends (`endAll()`); `PlayerCommand`: which media player, how;
//   `QueuePlayer`: a queue of addresses played with it, one player at a time.
// - `DesktopOpener`: the desktop's opener for a web page; `StandardDescriptors`: 0–2 never closed.
// - `OpenFileLimit`: whether one more descriptor can be opened.
// - `MallocArenas`: one heap for every thread, where threads take turns.
// - `String+Text`: trimming and searching text without Foundation's string APIs.
//
// It knows nothing of the program that uses it. Its tests are `Tests/PlatformTests`.
