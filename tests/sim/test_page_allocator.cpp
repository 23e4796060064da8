// Memory for the set-up tables: fresh blocks read as zero on either side of
// the huge-page size and keep what is written in them, and a vector on
// PageAllocator keeps its elements as it grows across that size. Every block
// starts on a cache line.
#include <catch2/catch.hpp>

#include <cstdint>
#include <cstring>
#include <vector>

#include "sim/page_allocator.hpp"
#include "sim/zeroed_array.hpp"

using namespace hcisim::sim;

namespace {
bool all_zero(const void* p, std::size_t bytes) {
  const auto* b = static_cast<const unsigned char*>(p);
  for (std::size_t i = 0; i < bytes; ++i) {
    if (b[i] != 0) return false;
  }
  return true;
}
}  // namespace

TEST_CASE("allocate_zeroed gives zeros either side of the huge-page size, and keeps what is written", "[memory]") {
  for (const std::size_t bytes :
       {std::size_t{1}, std::size_t{4096}, kHugePageBytes - 8, kHugePageBytes, 3 * kHugePageBytes + 123}) {
    void* p = allocate_zeroed(bytes);
    REQUIRE(p != nullptr);
    // On a cache line, so records aligned to one (IoRequest, S2D's sub-ops) stay so.
    CHECK(reinterpret_cast<std::uintptr_t>(p) % kBlockAlignment == 0);
    REQUIRE(all_zero(p, bytes));
    std::memset(p, 0xAB, bytes);
    const auto* b = static_cast<const unsigned char*>(p);
    CHECK(b[0] == 0xAB);
    CHECK(b[bytes - 1] == 0xAB);
    free_zeroed(p, bytes);
    // A second block after the first is freed is zero again, whatever was written before.
    void* again = allocate_zeroed(bytes);
    CHECK(all_zero(again, bytes));
    free_zeroed(again, bytes);
  }
  CHECK(allocate_zeroed(0) == nullptr);
  free_zeroed(nullptr, 0);
}

TEST_CASE("ZeroedArray of records starts zero and is indexed by record", "[memory]") {
  struct Record {
    std::uint64_t a;
    double b;
    std::uint16_t c;
  };
  ZeroedArray<Record> table;
  const std::size_t count = kHugePageBytes / sizeof(Record) + 1000;
  table.assign_zeroed(count);
  REQUIRE(table.size() == count);
  for (std::size_t i = 0; i < count; i += 997) {
    CHECK(table[i].a == 0);
    CHECK(table[i].b == 0.0);
    table[i] = Record{i, 0.5 * static_cast<double>(i), 7};
  }
  for (std::size_t i = 0; i < count; i += 997) CHECK(table[i].a == i);
}

TEST_CASE("a vector on PageAllocator keeps its elements growing across the huge-page threshold", "[memory]") {
  constexpr std::uint64_t kMul = 2654435761;
  std::vector<std::uint64_t, PageAllocator<std::uint64_t>> v;
  const std::size_t n = 3 * kHugePageBytes / sizeof(std::uint64_t);
  for (std::size_t i = 0; i < n; ++i) v.push_back(i * kMul);
  bool same = true;
  for (std::size_t i = 0; i < n; ++i) same = same && v[i] == i * kMul;
  CHECK(same);
  v.resize(10);
  v.shrink_to_fit();  // back below the threshold: from the heap
  CHECK(v[9] == 9 * kMul);
}
