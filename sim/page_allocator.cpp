#include "sim/page_allocator.hpp"

#include <cstdlib>
#include <cstring>
#include <new>

#include <sys/mman.h>

namespace hcisim::sim {

namespace {

#if defined(__SANITIZE_ADDRESS__)
constexpr bool kAddressSanitizer = true;
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
constexpr bool kAddressSanitizer = true;
#else
constexpr bool kAddressSanitizer = false;
#endif
#else
constexpr bool kAddressSanitizer = false;
#endif

bool mapped(std::size_t bytes) { return !kAddressSanitizer && bytes >= kHugePageBytes; }

}  // namespace

void* allocate_zeroed(std::size_t bytes) {
  if (bytes == 0) return nullptr;
  if (!mapped(bytes)) {
    const std::size_t rounded = (bytes + kBlockAlignment - 1) / kBlockAlignment * kBlockAlignment;
    void* p = std::aligned_alloc(kBlockAlignment, rounded);
    if (p == nullptr) throw std::bad_alloc();
    return std::memset(p, 0, rounded);
  }
  void* p = mmap(nullptr, bytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  if (p == MAP_FAILED) throw std::bad_alloc();
#ifdef MADV_HUGEPAGE
  madvise(p, bytes, MADV_HUGEPAGE);  // a hint: where the kernel has no huge pages to give, small ones serve
#endif
  return p;
}

void free_zeroed(void* p, std::size_t bytes) {
  if (p == nullptr) return;
  if (mapped(bytes)) {
    munmap(p, bytes);
  } else {
    std::free(p);
  }
}

}  // namespace hcisim::sim
