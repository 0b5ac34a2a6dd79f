// Debian's libzopfli-dev installs the header as zopfli/zopfli.h; Zopfli's own CMake install
// (Homebrew, Fedora) as zopfli.h.
#if __has_include(<zopfli/zopfli.h>)
#include <zopfli/zopfli.h>
#else
#include <zopfli.h>
#endif
