#include "tools/frontend/input/fio_job_parser.hpp"

#include <algorithm>
#include <cctype>
#include <charconv>
#include <cmath>
#include <fstream>
#include <limits>
#include <map>
#include <optional>
#include <sstream>
#include <vector>

#include "models/workload/skewed_positions.hpp"
#include "tools/frontend/base/input_files.hpp"
#include "tools/frontend/base/load_error.hpp"
#include "tools/frontend/base/message_text.hpp"
#include "tools/frontend/base/quantity_format.hpp"
#include "tools/frontend/input/input_limits.hpp"

namespace hcisim::frontend {

namespace {

constexpr int kMaxFioTargets = 256;  // jobs x numjobs in one VM
constexpr std::uint64_t kMaxFioFileBytes = 1ull << 20;

struct Setting {
  std::string value;
  int line = 0;
  bool bare = false;  // written without '=' (read as 1)
};

// Options as written, later lines winning; [global] options are copied into
// each job that follows them.
using Options = std::map<std::string, Setting>;

struct Job {
  std::string name;
  int line = 0;
  Options options;
};

std::string trim(std::string s) {
  const auto not_space = [](unsigned char c) { return !std::isspace(c); };
  s.erase(s.begin(), std::find_if(s.begin(), s.end(), not_space));
  s.erase(std::find_if(s.rbegin(), s.rend(), not_space).base(), s.end());
  return s;
}

std::string lower(std::string s) {
  for (char& c : s) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return s;
}

class Reader {
 public:
  explicit Reader(std::string label) : label_(std::move(label)) {}

  [[noreturn]] void fail(int line, const std::string& key, const std::string& message) const {
    std::string text = printable(label_) + ":" + std::to_string(line) + ": ";
    if (!key.empty()) text += "key " + in_quotes(key) + ": ";
    throw LoadError(text + printable(message));  // job names and values come from the file
  }
  [[noreturn]] void expected(const Setting& s, const std::string& key, const std::string& what) const {
    fail(s.line, key, "expected " + what + ", got " + in_quotes(s.value));
  }

  std::vector<Job> parse(const std::string& text) const {
    std::vector<Job> jobs;
    Options global;
    bool in_global = false;
    bool in_section = false;
    std::istringstream in(text);
    std::string raw;
    int line = 0;
    while (std::getline(in, raw)) {
      ++line;
      const std::string l = trim(raw);
      if (l.empty() || l[0] == '#' || l[0] == ';') continue;
      if (l.front() == '[') {
        if (l.back() != ']' || l.size() < 3)
          fail(line, "", "expected a section header like [job1], got " + in_quotes(l));
        const std::string name = trim(l.substr(1, l.size() - 2));
        in_section = true;
        in_global = name == "global";
        if (!in_global) {
          if (static_cast<int>(jobs.size()) >= kMaxFioTargets)
            fail(line, "", "more than " + std::to_string(kMaxFioTargets) + " jobs");
          jobs.push_back(Job{name, line, global});
        }
        continue;
      }
      if (!in_section) fail(line, "", "an option before any [section]; expected [global] or [job name] first");
      const auto eq = l.find('=');
      Setting s{eq == std::string::npos ? "1" : trim(l.substr(eq + 1)), line, eq == std::string::npos};
      const std::string key = lower(trim(eq == std::string::npos ? l : l.substr(0, eq)));
      if (key.empty()) fail(line, "", "expected option=value, got " + in_quotes(l));
      if (s.value.find('$') != std::string::npos)
        fail(line, key, "environment variables (${...}) are not expanded; write the value");
      (in_global ? global : jobs.back().options)[key] = s;
    }
    if (jobs.empty()) fail(std::max(line, 1), "", "no job section (like [job1]) in the file");
    return jobs;
  }

 private:
  std::string label_;
};

// fio's sizes: a number with k/m/g/t/p (optionally followed by "i", "b" or "ib"),
// all powers of 1024 (fio's default kb_base=1024).
std::optional<std::uint64_t> fio_size(std::string text) {
  text = lower(trim(text));
  std::size_t digits = 0;
  while (digits < text.size() && std::isdigit(static_cast<unsigned char>(text[digits]))) ++digits;
  if (digits == 0) return std::nullopt;
  std::uint64_t value = 0;
  const auto [end, ec] = std::from_chars(text.data(), text.data() + digits, value);
  if (ec != std::errc() || end != text.data() + digits) return std::nullopt;
  const std::string unit = text.substr(digits);
  static const std::map<std::string, int> powers = {{"", 0},  {"b", 0}, {"k", 1}, {"m", 2},
                                                    {"g", 3}, {"t", 4}, {"p", 5}};
  std::string base = unit;
  for (const char* tail : {"ib", "b", "i"}) {
    if (base.size() > 1 && base.ends_with(tail)) {
      base = base.substr(0, base.size() - std::string(tail).size());
      break;
    }
  }
  const auto p = powers.find(base);
  if (p == powers.end()) return std::nullopt;
  for (int i = 0; i < p->second; ++i) {
    if (value > (std::uint64_t{1} << 63) / 1024) return std::nullopt;
    value *= 1024;
  }
  return value;
}

// fio's times: a bare number is seconds; us, ms, s, m, h, d.
std::optional<std::int64_t> fio_seconds_ns(std::string text) {
  text = lower(trim(text));
  std::size_t digits = 0;
  while (digits < text.size() && std::isdigit(static_cast<unsigned char>(text[digits]))) ++digits;
  if (digits == 0 || digits > 12) return std::nullopt;
  const std::int64_t value = std::stoll(text.substr(0, digits));
  static const std::map<std::string, std::int64_t> units = {
      {"", 1'000'000'000}, {"s", 1'000'000'000},  {"ms", 1'000'000},        {"us", 1'000},
      {"usec", 1'000},     {"m", 60'000'000'000}, {"h", 3'600'000'000'000}, {"d", 86'400'000'000'000}};
  const auto u = units.find(text.substr(digits));
  if (u == units.end() || value > std::numeric_limits<std::int64_t>::max() / u->second) return std::nullopt;
  return value * u->second;
}

std::optional<std::int64_t> whole(const std::string& text, std::int64_t min, std::int64_t max) {
  const std::string t = trim(text);
  std::int64_t value = 0;
  const auto [end, ec] = std::from_chars(t.data(), t.data() + t.size(), value);
  if (ec != std::errc() || end != t.data() + t.size() || t.empty() || value < min || value > max) return std::nullopt;
  return value;
}

const std::vector<std::string>& known_options() {
  static const std::vector<std::string> keys = {
      "name",      "description",         "rw",         "readwrite", "bs",       "blocksize", "iodepth",
      "numjobs",   "rwmixread",           "rwmixwrite", "size",      "runtime",  "ramp_time", "time_based",
      "rate_iops", "random_distribution", "direct",     "buffered",  "ioengine", "filename",  "group_reporting",
      "thread",    "randrepeat",          "norandommap"};
  return keys;
}

// Options that may stand alone ("time_based" for time_based=1); any other needs its value, so a
// truncated "rwmixread" is not read as rwmixread=1.
const std::vector<std::string>& switch_options() {
  static const std::vector<std::string> keys = {"direct",     "group_reporting", "thread",
                                                "time_based", "randrepeat",      "norandommap"};
  return keys;
}

bool is_switch(const std::string& key) {
  return std::find(switch_options().begin(), switch_options().end(), key) != switch_options().end();
}

// One fio job resolved (before numjobs and files are laid out).
struct JobShape {
  models::DiskspdTarget target;
  int numjobs = 1;
  std::uint64_t size = 0;
  std::string filename;  // empty: each clone has its own file
};

class JobReader {
 public:
  JobReader(const Reader& reader, const Job& job) : r_(reader), job_(job) {}

  const Setting* get(const std::string& key) const {
    const auto it = job_.options.find(key);
    return it == job_.options.end() ? nullptr : &it->second;
  }
  // The first of two spellings that is set (rw / readwrite).
  std::pair<const Setting*, std::string> either(const std::string& a, const std::string& b) const {
    if (const Setting* s = get(a)) return {s, a};
    return {get(b), b};
  }

  JobShape read(models::DiskspdSpec& spec) const {
    for (const auto& [key, setting] : job_.options) {
      if (std::find(known_options().begin(), known_options().end(), key) == known_options().end()) {
        r_.fail(setting.line, key, "unknown or not modelled fio option (hcisim reads: " + join(known_options()) + ")");
      }
      if (setting.bare && !is_switch(key)) {
        r_.fail(setting.line, key,
                "expected " + key + "=VALUE: fio needs a value for it; only switches (" + join(switch_options()) +
                    ") may be written without one");
      }
    }
    JobShape shape;
    models::DiskspdTarget& t = shape.target;
    t.software_cache_disabled = true;
    read_direct();
    read_rw(t);
    read_block(t);
    const bool sync_engine = read_engine();
    t.threads = 1;
    t.outstanding = 1;
    if (const Setting* s = get("iodepth")) {
      const auto depth = whole(s->value, 1, 65536);
      if (!depth) r_.expected(*s, "iodepth", "a whole number from 1 to 65536");
      // fio: "increasing iodepth beyond 1 will not affect synchronous ioengines".
      t.outstanding = sync_engine ? 1 : static_cast<int>(*depth);
    }
    if (const Setting* s = get("numjobs")) {
      const auto n = whole(s->value, 1, kMaxFioTargets);
      if (!n) r_.expected(*s, "numjobs", "a whole number from 1 to " + std::to_string(kMaxFioTargets));
      shape.numjobs = static_cast<int>(*n);
    }
    const Setting* size = get("size");
    if (!size) r_.fail(job_.line, "size", "job [" + job_.name + "] needs size= (the file each clone works on)");
    const auto bytes = fio_size(size->value);
    if (!bytes || *bytes == 0) r_.expected(*size, "size", "a size like 10g (k, m, g, t: powers of 1024)");
    if (*bytes < t.block_bytes)
      r_.expected(*size, "size", "at least one block (" + std::to_string(t.block_bytes) + " bytes)");
    shape.size = *bytes;
    if (const Setting* f = get("filename")) shape.filename = f->value;
    read_rate(t);
    read_distribution(t);
    if (const Setting* s = get("runtime")) {
      const auto ns = fio_seconds_ns(s->value);
      if (!ns) r_.expected(*s, "runtime", "a time like 60 (seconds), 500ms or 2m");
      spec.duration_ns = std::max(spec.duration_ns, *ns);
    }
    if (const Setting* s = get("ramp_time")) {
      const auto ns = fio_seconds_ns(s->value);
      if (!ns) r_.expected(*s, "ramp_time", "a time like 10 (seconds) or 500ms");
      spec.warmup_ns = std::max(spec.warmup_ns, *ns);
    }
    for (const char* flag : {"group_reporting", "thread", "time_based", "randrepeat", "norandommap"}) {
      if (const Setting* s = get(flag); s && !whole(s->value, 0, 1)) r_.expected(*s, flag, "0 or 1");
    }
    return shape;
  }

 private:
  static std::string join(const std::vector<std::string>& v) {
    std::string out;
    for (const auto& s : v) out += (out.empty() ? "" : " ") + s;
    return out;
  }

  void read_direct() const {
    const Setting* direct = get("direct");
    const Setting* buffered = get("buffered");
    const bool is_direct = direct && trim(direct->value) == "1";
    if (direct && !is_direct) {
      r_.fail(direct->line, "direct",
              "expected direct=1: buffered I/O (the guest's page cache) is not modelled, "
              "as DISKSPD without -Sh is not; got " +
                  in_quotes(direct->value));
    }
    if (buffered && trim(buffered->value) != "0") {
      r_.fail(buffered->line, "buffered",
              "buffered I/O (the guest's page cache) is not modelled; expected buffered=0 "
              "or direct=1, got " +
                  in_quotes(buffered->value));
    }
    if (!is_direct && !buffered) {
      r_.fail(job_.line, "direct",
              "job [" + job_.name +
                  "] runs buffered I/O (fio's default); hcisim models unbuffered "
                  "I/O only: add direct=1, as VMFleet adds -Sh");
    }
  }

  void read_rw(models::DiskspdTarget& t) const {
    const auto [rw, key] = either("rw", "readwrite");
    const std::string value = rw ? lower(trim(rw->value)) : "read";
    static const std::map<std::string, std::pair<models::AccessPattern, int>> modes = {
        {"read", {models::AccessPattern::Sequential, 0}}, {"write", {models::AccessPattern::Sequential, 100}},
        {"randread", {models::AccessPattern::Random, 0}}, {"randwrite", {models::AccessPattern::Random, 100}},
        {"rw", {models::AccessPattern::Sequential, -1}},  {"readwrite", {models::AccessPattern::Sequential, -1}},
        {"randrw", {models::AccessPattern::Random, -1}}};
    const auto mode = modes.find(value);
    if (mode == modes.end()) {
      r_.expected(*rw, key, "read, write, randread, randwrite, rw or randrw (trim and :N offsets are not modelled)");
    }
    t.pattern = mode->second.first;
    int write_percent = mode->second.second;
    const Setting* mix_read = get("rwmixread");
    const Setting* mix_write = get("rwmixwrite");
    if (write_percent < 0) {
      write_percent = 50;
      if (mix_read) {
        const auto p = whole(mix_read->value, 0, 100);
        if (!p) r_.expected(*mix_read, "rwmixread", "a percentage from 0 to 100");
        write_percent = 100 - static_cast<int>(*p);
      } else if (mix_write) {
        const auto p = whole(mix_write->value, 0, 100);
        if (!p) r_.expected(*mix_write, "rwmixwrite", "a percentage from 0 to 100");
        write_percent = static_cast<int>(*p);
      }
    } else if (mix_read || mix_write) {
      const Setting* s = mix_read ? mix_read : mix_write;
      r_.fail(s->line, mix_read ? "rwmixread" : "rwmixwrite",
              "a read/write mix needs rw=rw or rw=randrw, not rw=" + value);
    }
    t.write_fraction = write_percent / 100.0;
  }

  void read_block(models::DiskspdTarget& t) const {
    t.block_bytes = 4096;
    const auto [bs, key] = either("bs", "blocksize");
    if (!bs) return;
    if (bs->value.find(',') != std::string::npos) {
      r_.expected(*bs, key, "one block size for reads and writes (separate sizes are not modelled)");
    }
    const auto bytes = fio_size(bs->value);
    if (!bytes || *bytes == 0 || *bytes > limits::kMaxBlockBytes) r_.expected(*bs, key, "a block size like 4k or 64k");
    // direct=1 (O_DIRECT) moves whole sectors: the kernel fails other sizes with EINVAL, as DISKSPD refuses -Sh.
    if (*bytes % limits::kSectorBytes != 0) {
      r_.expected(*bs, key, "a multiple of 512 bytes: with direct=1 each I/O is whole sectors");
    }
    t.block_bytes = *bytes;
  }

  // True for a synchronous engine (one I/O in flight per job whatever iodepth says).
  bool read_engine() const {
    const Setting* e = get("ioengine");
    if (!e) return true;  // fio's default engine is psync
    const std::string v = lower(trim(e->value));
    for (const char* async : {"libaio", "io_uring", "posixaio", "windowsaio"}) {
      if (v == async) return false;
    }
    for (const char* sync : {"sync", "psync", "pvsync", "pvsync2", "vsync"}) {
      if (v == sync) return true;
    }
    r_.expected(*e, "ioengine", "libaio, io_uring, posixaio, windowsaio, sync, psync, pvsync, pvsync2 or vsync");
  }

  void read_rate(models::DiskspdTarget& t) const {
    const Setting* s = get("rate_iops");
    if (!s) return;
    if (s->value.find(',') != std::string::npos)
      r_.expected(*s, "rate_iops", "one IOPS cap (per direction caps are not modelled)");
    const auto iops = whole(s->value, 1, 1'000'000'000);
    if (!iops) r_.expected(*s, "rate_iops", "a whole number of IOPS from 1 to 1000000000");
    if (t.write_fraction > 0 && t.write_fraction < 1) {
      r_.fail(s->line, "rate_iops",
              "a cap on a read/write mix is not modelled (fio caps each direction on its own); "
              "use it with read, write, randread or randwrite");
    }
    // DISKSPD's -g<n>i conversion: n x block / 1000 bytes per millisecond, rounded down.
    t.throughput_bytes_per_ms = static_cast<std::uint64_t>(*iops) * t.block_bytes / 1000;
    t.throughput_iops = static_cast<std::uint64_t>(*iops);
    if (t.throughput_bytes_per_ms == 0)
      r_.expected(*s, "rate_iops", "a cap of at least 1 byte per millisecond at this block size");
  }

  void read_distribution(models::DiskspdTarget& t) const {
    const Setting* s = get("random_distribution");
    if (!s) return;
    const std::string v = lower(trim(s->value));
    if (v == "random") return;
    if (t.pattern != models::AccessPattern::Random)
      r_.fail(s->line, "random_distribution", "needs random I/O (randread, randwrite or randrw)");
    const auto colon = v.find(':');
    const std::string kind = v.substr(0, colon);
    const std::string rest = colon == std::string::npos ? "" : v.substr(colon + 1);
    if (kind == "zipf" || kind == "pareto") {
      if (rest.find(':') != std::string::npos) {
        r_.expected(*s, "random_distribution", kind + ":VALUE (a centre, the second value, is not modelled)");
      }
      double value = 0;
      const auto [end, ec] = std::from_chars(rest.data(), rest.data() + rest.size(), value);
      const bool zipf = kind == "zipf";
      if (ec != std::errc() || end != rest.data() + rest.size() || rest.empty() ||
          (zipf && !(value > 0 && std::fabs(value - 1) >= models::kZipfMinDistanceFromOne && value < 1e6)) ||
          (!zipf && !(value >= limits::kMinParetoH && value < 1))) {
        r_.expected(*s, "random_distribution",
                    zipf ? "zipf:THETA with theta > 0 and not 1, like zipf:1.2"
                         : "pareto:H with " + format_number(limits::kMinParetoH) + " <= h < 1, like pareto:0.2");
      }
      t.skew = zipf ? models::PopularitySkew::Zipf : models::PopularitySkew::Pareto;
      t.skew_parameter = value;
      return;
    }
    if (kind == "zoned" || kind == "zoned_abs") {
      read_zones(*s, kind, rest, t);
      return;
    }
    r_.expected(*s, "random_distribution",
                "random, zipf:THETA, pareto:H, zoned:... or zoned_abs:... (normal is not modelled)");
  }

  // zoned:IO/SIZE%:... or zoned_abs:IO/SIZE:...; as in fio, the access shares must add up to 100 %
  // and zoned's size shares to at most 100 %.
  void read_zones(const Setting& s, const std::string& kind, const std::string& rest, models::DiskspdTarget& t) const {
    const bool absolute = kind == "zoned_abs";
    if (rest.empty() || rest.find(',') != std::string::npos) {
      r_.expected(s, "random_distribution", kind + ":IO/SIZE:IO/SIZE... (one set for reads and writes)");
    }
    std::istringstream zones(rest);
    std::string zone;
    int io_total = 0;
    std::uint64_t size_total = 0;
    while (std::getline(zones, zone, ':')) {
      const models::DistributionRange range = read_zone(s, zone, absolute);
      io_total += range.io_percent;
      size_total += absolute ? 0 : range.span;
      t.ranges.push_back(range);
      if (t.ranges.size() > 256) r_.expected(s, "random_distribution", "at most 256 zones");
    }
    const std::string in_value = " in " + in_quotes(s.value);
    if (io_total != 100) {
      r_.fail(s.line, "random_distribution",
              "expected access percentages adding up to 100 (fio refuses others), got " + std::to_string(io_total) +
                  in_value);
    }
    if (size_total > 100) {
      r_.fail(s.line, "random_distribution",
              "expected size percentages adding up to at most 100 (fio refuses more), got " +
                  std::to_string(size_total) + in_value);
    }
    t.distribution = absolute ? models::DistributionKind::Absolute : models::DistributionKind::Percent;
  }

  models::DistributionRange read_zone(const Setting& s, const std::string& zone, bool absolute) const {
    const auto slash = zone.find('/');
    const auto io = whole(zone.substr(0, slash), 0, 100);
    std::optional<std::uint64_t> span;
    if (slash != std::string::npos) {
      span = absolute ? fio_size(zone.substr(slash + 1)) : [&]() -> std::optional<std::uint64_t> {
        const auto p = whole(zone.substr(slash + 1), 1, 100);
        if (!p) return std::nullopt;
        return static_cast<std::uint64_t>(*p);
      }();
    }
    if (!io || !span || *span == 0) {
      r_.expected(s, "random_distribution",
                  absolute ? "zones like zoned_abs:60/20g:40/100g" : "zones like zoned:60/10:30/20:10/70");
    }
    return {static_cast<int>(*io), *span};
  }

  const Reader& r_;
  const Job& job_;
};

}  // namespace

models::DiskspdSpec parse_fio_job_file(const std::string& text, const std::string& label) {
  const Reader reader(label);
  const std::vector<Job> jobs = reader.parse(text);
  models::DiskspdSpec spec;
  spec.targets.clear();
  spec.latency_stats = true;
  // Files laid out one after another in the VM's disk; a shared filename once.
  std::map<std::string, std::pair<std::uint64_t, std::uint64_t>> shared;  // filename -> (start, size)
  std::uint64_t next = 0;
  auto place = [&](std::uint64_t size) {
    const std::uint64_t start = next;
    next += size;
    return start;
  };
  for (const Job& job : jobs) {
    const JobShape shape = JobReader(reader, job).read(spec);
    if (!shape.filename.empty()) {
      auto it = shared.find(shape.filename);
      if (it == shared.end()) {
        it = shared.emplace(shape.filename, std::pair{place(shape.size), shape.size}).first;
      } else if (it->second.second != shape.size) {
        reader.fail(job.options.at("size").line, "size",
                    "jobs sharing filename " + in_quotes(shape.filename) + " give it different sizes");
      }
      models::DiskspdTarget t = shape.target;
      t.threads = shape.numjobs;  // clones of a job on one file each walk it from its start
      t.base_offset_bytes = it->second.first;
      t.max_offset_bytes = it->second.first + it->second.second;
      spec.targets.push_back(t);
    } else {
      for (int clone = 0; clone < shape.numjobs; ++clone) {
        models::DiskspdTarget t = shape.target;
        t.base_offset_bytes = place(shape.size);
        t.max_offset_bytes = t.base_offset_bytes + shape.size;
        spec.targets.push_back(t);
      }
    }
    if (static_cast<int>(spec.targets.size()) > kMaxFioTargets) {
      reader.fail(job.line, "numjobs",
                  "the jobs and their clones make more than " + std::to_string(kMaxFioTargets) + " targets in one VM");
    }
  }
  spec.file_bytes = next;
  return spec;
}

models::DiskspdSpec read_fio_job_file(const std::filesystem::path& file) {
  std::error_code ec;
  const auto bytes = std::filesystem::file_size(file, ec);
  if (ec || !std::filesystem::is_regular_file(file, ec)) {
    throw LoadError(printable(file.string()) + ": cannot read the fio job file (no such regular file)");
  }
  if (bytes > kMaxFioFileBytes) throw LoadError(printable(file.string()) + ": a fio job file of more than 1 MiB");
  std::ifstream in(file, std::ios::binary);
  std::ostringstream text;
  text << in.rdbuf();
  if (!in) throw LoadError(printable(file.string()) + ": cannot read the fio job file");
  note_input_file(file, text.str());
  return parse_fio_job_file(text.str(), file.string());
}

}  // namespace hcisim::frontend
