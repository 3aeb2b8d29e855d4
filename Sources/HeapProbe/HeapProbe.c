// HeapProbe is header-only (include/HeapProbe.h); SwiftPM needs one source file per C target.
#include "HeapProbe.h"
