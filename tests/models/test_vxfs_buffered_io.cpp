// VxFS buffered I/O against the tunables' documented meaning (mechanisms.md
// 4.4): flush-behind starts at write_nstream x write_pref_io and keeps at most
// write_nstream writes of write_pref_io in flight; read-ahead keeps
// read_nstream x read_pref_io ahead of the reader; requests above
// discovered_direct_iosz are direct; pref_io and nstream default to the
// geometry (stripe unit, columns).
#include <catch2/catch.hpp>

#include <cstdint>
#include <vector>

#include "models/storage/infoscale/vxfs_buffered_io.hpp"

using namespace hcisim::models;

namespace {

constexpr std::uint64_t KiB = 1024;

VxfsIoPolicy seed_policy() {
  InfoScaleSpec spec;
  spec.stripe_unit_bytes = 16 * KiB;
  spec.vxfs.write_nstream = 96;
  spec.vxfs.read_nstream = 96;
  spec.vxfs.discovered_direct_iosz_bytes = 128ull << 20;
  spec.dirty_batches = 2;
  return VxfsIoPolicy::of(spec, 6);
}

}  // namespace

TEST_CASE("vxfs: pref_io and nstream default to the volume geometry (stripe unit, columns)", "[vxfs]") {
  InfoScaleSpec spec;
  spec.stripe_unit_bytes = 128 * KiB;
  const VxfsIoPolicy p = VxfsIoPolicy::of(spec, 4);  // the documented example: 4 columns x 128K
  CHECK(p.write_pref_io == 128 * KiB);
  CHECK(p.read_pref_io == 128 * KiB);
  CHECK(p.write_nstream == 4);
  CHECK(p.read_nstream == 4);
  CHECK(p.direct_threshold == 256 * KiB);  // VxFS's default discovered_direct_iosz
  CHECK_FALSE(p.direct(256 * KiB));
  CHECK(p.direct(256 * KiB + 512));
  const VxfsIoPolicy seed = seed_policy();
  CHECK(seed.write_nstream == 96);
  CHECK(seed.write_pref_io == 16 * KiB);
  CHECK_FALSE(seed.direct(128ull << 20));  // up to 128 MiB stays buffered
}

TEST_CASE("vxfs: flush-behind starts at nstream x pref_io, keeps nstream writes in flight, throttles the writer",
          "[vxfs]") {
  const VxfsIoPolicy p = seed_policy();
  const std::uint64_t batch = 96 * 16 * KiB;  // 1.5 MiB
  VxfsWriteBehind wb(p, 64ull << 20, 64 * KiB);
  std::uint64_t offset = 0, bytes = 0;
  // Just below one batch dirty: nothing is flushed yet.
  for (std::uint64_t w = 0; w + 64 * KiB < batch; w += 64 * KiB) wb.written(64 * KiB);
  CHECK_FALSE(wb.next_flush(offset, bytes));
  wb.written(64 * KiB);  // exactly one batch
  std::vector<std::uint64_t> offsets;
  while (wb.next_flush(offset, bytes)) {
    CHECK(bytes == 16 * KiB);
    offsets.push_back(offset);
  }
  REQUIRE(offsets.size() == 96);
  for (std::size_t i = 0; i < offsets.size(); ++i) CHECK(offsets[i] == i * 16 * KiB);  // in file order
  CHECK(wb.in_flight() == 96);
  // The writer may fill a second batch while the first is written, not a third.
  for (int i = 0; i < 24; ++i) {
    REQUIRE(wb.room_for(64 * KiB));
    wb.written(64 * KiB);
  }
  CHECK(wb.dirty_or_writing() == 2 * batch);
  CHECK_FALSE(wb.room_for(64 * KiB));
  CHECK_FALSE(wb.next_flush(offset, bytes));  // a second batch is cut, but 96 are already in flight
  wb.flushed(16 * KiB);
  CHECK(wb.next_flush(offset, bytes));  // one slot frees, one more of the second batch goes
  CHECK(offset == batch);
  CHECK(wb.room_for(16 * KiB));
  CHECK_FALSE(wb.room_for(64 * KiB));  // 16 KiB of room, not 64
}

TEST_CASE("vxfs: a closed file flushes what is left, then it is clean", "[vxfs]") {
  const VxfsIoPolicy p = seed_policy();
  VxfsWriteBehind wb(p, 1 * 1024 * KiB, 64 * KiB);
  for (int i = 0; i < 16; ++i) wb.written(64 * KiB);  // 1 MiB: less than one 1.5 MiB batch
  std::uint64_t offset = 0, bytes = 0;
  CHECK_FALSE(wb.next_flush(offset, bytes));
  wb.close();
  int writes = 0;
  while (wb.next_flush(offset, bytes)) ++writes;
  CHECK(writes == 64);  // 1 MiB / 16 KiB
  CHECK_FALSE(wb.clean());
  for (int i = 0; i < 64; ++i) wb.flushed(16 * KiB);
  CHECK(wb.clean());
  CHECK_THROWS(wb.flushed(16 * KiB));
}

TEST_CASE("vxfs: read-ahead keeps read_nstream x read_pref_io ahead, in order, and the reader waits for it", "[vxfs]") {
  const VxfsIoPolicy p = seed_policy();
  VxfsReadAhead ra(p, 64ull << 20, 64 * KiB);
  std::uint64_t offset = 0, bytes = 0;
  std::vector<std::uint64_t> issued;
  while (ra.next_read(offset, bytes)) issued.push_back(offset);
  REQUIRE(issued.size() == 96);  // 96 x 16 KiB = 1.5 MiB ahead, read_nstream in flight
  CHECK(issued.back() == 95 * 16 * KiB);
  CHECK_FALSE(ra.ready(64 * KiB));
  // Out of order arrivals: the reader needs its whole call's chunks.
  ra.completed(16 * KiB);
  ra.completed(32 * KiB);
  ra.completed(48 * KiB);
  CHECK_FALSE(ra.ready(64 * KiB));
  ra.completed(0);
  CHECK(ra.ready(64 * KiB));
  // Four arrived, but the window is 1.5 MiB past the reader, who has not moved: nothing more to issue.
  CHECK_FALSE(ra.next_read(offset, bytes));
  ra.consume(64 * KiB);
  int more = 0;
  while (ra.next_read(offset, bytes)) ++more;
  CHECK(more == 4);  // the window moved by 64 KiB, and 4 slots are free
  CHECK(ra.in_flight() == 96);
  CHECK_THROWS(ra.consume(64 * KiB));  // not there yet
}

TEST_CASE("vxfs: read-ahead stops at the end of the file", "[vxfs]") {
  const VxfsIoPolicy p = seed_policy();
  VxfsReadAhead ra(p, 40 * KiB, 64 * KiB);  // shorter than one call
  std::uint64_t offset = 0, bytes = 0;
  REQUIRE(ra.next_read(offset, bytes));
  CHECK(bytes == 16 * KiB);
  REQUIRE(ra.next_read(offset, bytes));
  REQUIRE(ra.next_read(offset, bytes));
  CHECK(offset == 32 * KiB);
  CHECK(bytes == 8 * KiB);
  CHECK_FALSE(ra.next_read(offset, bytes));
  for (std::uint64_t o : {std::uint64_t{0}, 16 * KiB, 32 * KiB}) ra.completed(o);
  CHECK(ra.ready(64 * KiB));  // the call reads to the end of the file
  ra.consume(64 * KiB);
  CHECK(ra.consumed() == 40 * KiB);
}

TEST_CASE("vxfs: a stream keeps no more requests than its file has pref_io chunks", "[vxfs]") {
  VxfsIoPolicy p = seed_policy();  // 96 x 16 KiB each way, direct above 128 MiB
  CHECK(p.requests_in_flight(64ull << 20, 64 * KiB) == 96);
  CHECK(p.requests_in_flight(40 * KiB, 8 * KiB) == 3);         // 16 + 16 + 8 KiB
  CHECK(p.requests_in_flight(1ull << 30, 256ull << 20) == 1);  // direct: one call at a time
  p.write_pref_io = 1ull << 30;  // the documented maximum, over a 16 MiB file: one flush of the whole file
  CHECK(p.requests_in_flight(16ull << 20, 64 * KiB) == 96);  // reads still cut it in 16 KiB
  p.read_pref_io = 1ull << 30;
  CHECK(p.requests_in_flight(16ull << 20, 64 * KiB) == 1);
  // And that one request is the file, not pref_io.
  VxfsReadAhead ra(p, 16ull << 20, 64 * KiB);
  std::uint64_t offset = 1, bytes = 0;
  REQUIRE(ra.next_read(offset, bytes));
  CHECK(offset == 0);
  CHECK(bytes == 16ull << 20);
  CHECK_FALSE(ra.next_read(offset, bytes));
  ra.completed(0);
  CHECK(ra.ready(16ull << 20));
}
