// Memory for the set-up tables: fresh pages read as zero, blocks on either
// side of the huge-page threshold keep what is written in them, and a vector
// on PageAllocator keeps its elements as it grows across the threshold.
#include <catch2/catch.hpp>

#include <cstdint>
#include <cstring>
#include <utility>
#include <vector>

#include "sim/page_allocator.hpp"
#include "sim/zeroed_array.hpp"
#include "sim/zeroed_memory.hpp"

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

TEST_CASE("ZeroedMemory is zero, writable, and moves its block", "[memory]") {
  for (const std::size_t bytes : {std::size_t{1}, std::size_t{4096}, kPageAllocatorThreshold - 8,
                                  kPageAllocatorThreshold, 3 * kPageAllocatorThreshold + 123}) {
    ZeroedMemory m(bytes);
    REQUIRE(m.bytes() == bytes);
    REQUIRE(all_zero(m.get(), bytes));
    std::memset(m.get(), 0xAB, bytes);
    ZeroedMemory moved(std::move(m));
    CHECK(m.get() == nullptr);
    CHECK(m.bytes() == 0);
    const auto* b = static_cast<const unsigned char*>(moved.get());
    CHECK(b[0] == 0xAB);
    CHECK(b[bytes - 1] == 0xAB);
    // A second block after the first is freed is zero again, whatever was written before.
    moved = ZeroedMemory(bytes);
    CHECK(all_zero(moved.get(), bytes));
  }
  ZeroedMemory none(0);
  CHECK(none.get() == nullptr);
}

TEST_CASE("ZeroedArray of records starts zero and is indexed by record", "[memory]") {
  struct Record {
    std::uint64_t a;
    double b;
    std::uint16_t c;
  };
  ZeroedArray<Record> table;
  const std::size_t count = kPageAllocatorThreshold / sizeof(Record) + 1000;
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
  const std::size_t n = 3 * kPageAllocatorThreshold / sizeof(std::uint64_t);
  for (std::size_t i = 0; i < n; ++i) v.push_back(i * kMul);
  bool same = true;
  for (std::size_t i = 0; i < n; ++i) same = same && v[i] == i * kMul;
  CHECK(same);
  v.resize(10);
  v.shrink_to_fit();  // back below the threshold: from the heap
  CHECK(v[9] == 9 * kMul);
}
