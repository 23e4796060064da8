// GroupCommitLog on a hand-driven device: a commit is written at once when a
// log-write slot is free, commits arriving while every slot is busy share the
// next write, a block never exceeds the largest log write, writes are rounded
// to sectors, and commits harden in log order.
#include <catch2/catch.hpp>

#include <cstdint>
#include <vector>

#include "models/workload/group_commit_log.hpp"

using namespace hcisim::models;

namespace {

struct FakeDevice final : LogDevice {
  struct Write {
    int slot;
    std::uint32_t bytes;
  };
  void write_log_block(std::uint32_t log, int slot, std::uint32_t bytes) override {
    CHECK(log == 7);
    writes.push_back({slot, bytes});
  }
  void hardened(std::uint32_t log, std::uint32_t member) override {
    CHECK(log == 7);
    durable.push_back(member);
  }
  std::vector<Write> writes;
  std::vector<std::uint32_t> durable;
};

OltpLogSpec log_spec(int outstanding, std::uint32_t max_bytes = 60 * 1024) {
  OltpLogSpec s;
  s.max_outstanding_writes = outstanding;
  s.max_write_bytes = max_bytes;
  return s;
}

}  // namespace

TEST_CASE("group commit: commits wait for the busy log and share its next write", "[oltp][log]") {
  FakeDevice dev;
  GroupCommitLog log(dev, 7, 10, log_spec(1));
  log.commit(0, 1000);  // slot free: written at once, alone, rounded to 1024
  REQUIRE(dev.writes.size() == 1);
  CHECK(dev.writes[0].bytes == 1024);
  log.commit(1, 300);
  log.commit(2, 300);
  log.commit(3, 300);
  CHECK(dev.writes.size() == 1);  // the only slot is busy: they gather
  CHECK(log.commits_waiting() == 4);
  log.on_written(dev.writes[0].slot);
  CHECK(dev.durable == std::vector<std::uint32_t>{0});
  // The three gathered commits go out as one write of 900 -> 1024 bytes.
  REQUIRE(dev.writes.size() == 2);
  CHECK(dev.writes[1].bytes == 1024);
  log.on_written(dev.writes[1].slot);
  CHECK(dev.durable == std::vector<std::uint32_t>{0, 1, 2, 3});
  CHECK(log.blocks_written() == 2);
  CHECK(log.commits_written() == 4);
  CHECK(log.max_commits_per_block() == 3);
  CHECK(log.commits_waiting() == 0);
}

TEST_CASE("group commit: a block is closed before it would exceed the largest log write", "[oltp][log]") {
  FakeDevice dev;
  GroupCommitLog log(dev, 7, 10, log_spec(1, 4096));
  log.commit(0, 512);   // written at once
  log.commit(1, 2000);  // open block: 2000
  log.commit(2, 2000);  // 4000 -> 4096: still fits
  log.commit(3, 200);   // 4200 -> 4608 > 4096: a new block
  log.commit(4, 1000);
  log.on_written(dev.writes[0].slot);
  REQUIRE(dev.writes.size() == 2);
  CHECK(dev.writes[1].bytes == 4096);
  log.on_written(dev.writes[1].slot);
  REQUIRE(dev.writes.size() == 3);
  CHECK(dev.writes[2].bytes == 1536);  // 1200 -> 3 sectors
  log.on_written(dev.writes[2].slot);
  CHECK(dev.durable == std::vector<std::uint32_t>{0, 1, 2, 3, 4});
  CHECK_THROWS_AS(log.commit(5, 5000), std::invalid_argument);  // larger than one block
}

TEST_CASE("group commit: with free slots every commit is its own write", "[oltp][log]") {
  FakeDevice dev;
  GroupCommitLog log(dev, 7, 10, log_spec(3));
  log.commit(0, 100);
  log.commit(1, 100);
  log.commit(2, 100);
  CHECK(dev.writes.size() == 3);
  CHECK(log.writes_in_flight() == 3);
  log.commit(3, 100);  // all three slots busy
  CHECK(dev.writes.size() == 3);
  log.on_written(dev.writes[1].slot);  // the second write completes first ...
  CHECK(dev.durable.empty());          // ... but the first is not yet durable: nothing hardens
  REQUIRE(dev.writes.size() == 4);     // its slot took the waiting commit
  log.on_written(dev.writes[0].slot);
  CHECK(dev.durable == std::vector<std::uint32_t>{0, 1});  // both harden, in log order
  log.on_written(dev.writes[3].slot);                      // block 4 is written, block 3 is not
  CHECK(dev.durable == std::vector<std::uint32_t>{0, 1});
  log.on_written(dev.writes[2].slot);
  CHECK(dev.durable == std::vector<std::uint32_t>{0, 1, 2, 3});
}

TEST_CASE("group commit: bad log settings are refused", "[oltp][log]") {
  FakeDevice dev;
  CHECK_THROWS_AS(GroupCommitLog(dev, 7, 10, log_spec(0)), std::invalid_argument);
  CHECK_THROWS_AS(GroupCommitLog(dev, 7, 10, log_spec(1, 1000)), std::invalid_argument);  // not whole sectors
  CHECK_THROWS_AS(GroupCommitLog(dev, 7, 0, log_spec(1)), std::invalid_argument);
}
