// A hint to the processor that a cache line will soon be read: it starts the
// fetch and goes on (no stall, no fault on a bad address, no effect on results).
//
// Written as an asm statement with a side effect, not __builtin_prefetch: g++
// finds a small function whose only work is __builtin_prefetch "pure", and
// drops every call to it (the hints of the event handlers below are such
// functions, called through a virtual).
#pragma once

namespace hcisim::sim {

inline void prefetch_for_read(const void* address) {
#if defined(__x86_64__)
  asm volatile("prefetcht0 %0" : : "m"(*static_cast<const char*>(address)));
#elif defined(__aarch64__)
  asm volatile("prfm pldl1keep, %0" : : "Q"(*static_cast<const char*>(address)));
#else
  __builtin_prefetch(address);
#endif
}

// The same for a line that will soon be written (fetched ready to be modified).
inline void prefetch_for_write(const void* address) {
#if defined(__x86_64__)
  asm volatile("prefetchw %0" : : "m"(*static_cast<const char*>(address)));
#elif defined(__aarch64__)
  asm volatile("prfm pstl1keep, %0" : : "Q"(*static_cast<const char*>(address)));
#else
  __builtin_prefetch(address, 1);
#endif
}

}  // namespace hcisim::sim
