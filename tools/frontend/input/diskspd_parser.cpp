#include "tools/frontend/input/diskspd_parser.hpp"

#include <cctype>
#include <cstdint>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "tools/frontend/base/message_text.hpp"
#include "tools/frontend/base/units.hpp"
#include "tools/frontend/input/input_limits.hpp"

namespace hcisim::frontend {
namespace {

constexpr std::int64_t kSecondNs = 1'000'000'000;
// Counts and percentages are read up to this; their ranges are check_target's.
constexpr std::int64_t kMaxCount = 1'000'000'000;

std::string lower(std::string_view s) {
  std::string out(s);
  for (char& c : out) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return out;
}

bool all_digits(std::string_view s) {
  if (s.empty()) return false;
  for (char c : s) {
    if (c < '0' || c > '9') return false;
  }
  return true;
}

// Splits on blanks; double quotes group a path that contains blanks.
std::vector<std::string> tokenize(std::string_view line) {
  std::vector<std::string> tokens;
  std::string current;
  bool in_quotes = false;
  bool have_token = false;
  for (char c : line) {
    if (c == '"') {
      in_quotes = !in_quotes;
      have_token = true;
    } else if (!in_quotes && std::isspace(static_cast<unsigned char>(c))) {
      if (have_token) tokens.push_back(current);
      current.clear();
      have_token = false;
    } else {
      current += c;
      have_token = true;
    }
  }
  if (in_quotes) throw DiskspdError("DISKSPD command line: a double quote is not closed");
  if (have_token) tokens.push_back(current);
  return tokens;
}

class CommandParser {
 public:
  models::DiskspdSpec parse(std::string_view line) {
    // DISKSPD's own defaults for what the command line leaves out.
    spec_.block_bytes = 64 * 1024;
    spec_.threads = 1;
    spec_.outstanding = 2;
    spec_.write_fraction = 0;
    spec_.pattern = models::AccessPattern::Sequential;
    vm_.duration_ns = 10 * kSecondNs;
    vm_.warmup_ns = 5 * kSecondNs;
    spec_.software_cache_disabled = false;
    vm_.latency_stats = false;

    const std::vector<std::string> tokens = tokenize(line);
    int targets = 0;
    for (std::size_t i = 0; i < tokens.size(); ++i) {
      const std::string& token = tokens[i];
      // "/dev/sdb" or "/mnt/f.dat" is a Linux-style target path, not a flag.
      const bool path = token[0] == '/' && token.find('/', 1) != std::string::npos;
      if (token.size() >= 2 && (token[0] == '-' || token[0] == '/') && !path) {
        flag(token);
      } else if (i == 0 && (lower(token) == "diskspd" || lower(token) == "diskspd.exe")) {
        continue;
      } else if (++targets > 1) {
        throw DiskspdError("DISKSPD command line: " + in_quotes(token) +
                           " is a second target; a line describes one target (for several, give a list of "
                           "lines, an XML profile or a VMFleet 2.0 workload)");
      }
    }
    finish();
    vm_.targets = {spec_};
    return vm_;
  }

 private:
  [[noreturn]] void bad(std::string_view expected) const {
    throw DiskspdError("DISKSPD flag " + in_quotes(token_) + ": expected " + std::string(expected));
  }

  void once(const std::string& name) {
    if (!seen_.insert(name).second) {
      throw DiskspdError("DISKSPD flag " + in_quotes(token_) + ": -" + name + " is given more than once");
    }
  }

  // DISKSPD sizes: a whole number with an optional K/M/G/T suffix (binary).
  std::uint64_t size(std::string_view value, std::string_view expected) const {
    std::string_view digits = value;
    if (!digits.empty() && std::string_view("KkMmGgTt").find(digits.back()) != std::string_view::npos) {
      digits.remove_suffix(1);
    }
    if (!all_digits(digits)) bad(expected);
    try {
      return parse_size(value);
    } catch (const UnitError&) {
      bad(expected);
    }
  }

  std::int64_t whole(std::string_view value, std::int64_t min, std::int64_t max, std::string_view expected) const {
    if (!all_digits(value) || value.size() > 12) bad(expected);
    const std::int64_t n = std::stoll(std::string(value));
    if (n < min || n > max) bad(expected);
    return n;
  }

  void pattern(models::AccessPattern p) {
    if (pattern_given_) {
      throw DiskspdError("DISKSPD flag " + in_quotes(token_) + ": the access pattern (-r, -s or -si) is already given");
    }
    pattern_given_ = true;
    spec_.pattern = p;
  }

  void flag(const std::string& token) {
    token_ = token;
    const std::string_view body = std::string_view(token).substr(1);
    const char name = body[0];
    const std::string_view value = body.substr(1);
    switch (name) {
      case 'b':
        once("b");
        spec_.block_bytes = size(value, "a block size like -b4K or -b64K");
        given(TargetField::BlockSize);  // its range: check_target, as for every value below
        return;
      case 't':
        once("t");
        if (seen_.count("F")) bad("-t or -F, not both (-F gives the total thread count)");
        spec_.threads = static_cast<int>(whole(value, 0, kMaxCount, "a thread count from 1 to 4096, like -t2"));
        given(TargetField::Threads);
        return;
      case 'o':
        once("o");
        spec_.outstanding = static_cast<int>(whole(value, 0, kMaxCount, "an outstanding I/O count from 1, like -o32"));
        given(TargetField::Outstanding);
        return;
      case 'w':
        once("w");
        spec_.write_fraction =
            static_cast<double>(whole(value, 0, kMaxCount, "a write percentage from 0 to 100, like -w30")) / 100.0;
        given(TargetField::WriteRatio);
        return;
      case 'r':
        if (!value.empty() && value[0] == 's') {
          once("rs");
          spec_.random_percent =
              static_cast<int>(whole(value.substr(1), 0, kMaxCount, "a random share from 1 to 100 %, like -rs50"));
          given(TargetField::RandomRatio);
          mixed_ = true;
          return;
        }
        if (!value.empty() && value[0] == 'd') {
          once("rd");
          distribution(value.substr(1));
          return;
        }
        pattern(models::AccessPattern::Random);
        if (!value.empty()) {
          spec_.random_align_bytes = size(value, "-r alone, an alignment like -r4K, -rs<pct>, -rdpct or -rdabs");
          if (spec_.random_align_bytes == 0) bad("an alignment greater than 0");  // 0 stands for -r alone
          given(TargetField::RandomAlignment);
        }
        return;
      case 's': {
        const bool interleaved = !value.empty() && value[0] == 'i';
        pattern(interleaved ? models::AccessPattern::SequentialInterleaved : models::AccessPattern::Sequential);
        const std::string_view stride = interleaved ? value.substr(1) : value;
        if (!stride.empty()) {
          stride_ = size(stride, "-s, -si or a stride like -s64K");
          given(TargetField::Stride);
        }
        return;
      }
      case 'd':
        once("d");
        vm_.duration_ns = whole(value, 1, 1'000'000'000, "a duration in seconds, like -d60") * kSecondNs;
        return;
      case 'W':
        once("W");
        vm_.warmup_ns = whole(value, 0, 1'000'000'000, "a warm-up in seconds, like -W10") * kSecondNs;
        return;
      case 'C':
        whole(value, 0, 1'000'000'000, "a cool-down in seconds, like -C10");
        return;  // cool-down time is not simulated
      case 'S':
        once("S");
        if (value.empty() || value == "u" || value == "h" || value == "uw" || value == "wu") {
          spec_.software_cache_disabled = true;
        } else if (value == "b" || value == "w") {
          spec_.software_cache_disabled = false;
        } else {
          bad("one of -S, -Su, -Sh, -Suw, -Sb, -Sw");
        }
        return;
      case 'h':
        if (!value.empty()) bad("-h alone (the old spelling of -Sh)");
        once("S");
        spec_.software_cache_disabled = true;
        return;
      case 'L':
        if (!value.empty()) bad("-L alone");
        once("L");
        vm_.latency_stats = true;
        return;
      case 'D':
        if (!value.empty()) whole(value, 1, 1'000'000'000, "-D alone or an interval in ms, like -D1000");
        return;  // per-interval IOPS statistics: reporting only
      case 'Z':
        once("Z");
        write_buffer(value);
        return;
      case 'z': return;  // DISKSPD's own seed: hcisim draws from the run's seed
      case 'B':
        once("B");
        spec_.base_offset_bytes = size(value, "a base offset like -B5G");
        given(TargetField::BaseOffset);
        return;
      case 'f':
        if (!value.empty() && !std::isdigit(static_cast<unsigned char>(value[0]))) {
          bad("-f<size> (the region's end, like -f10G); file-access hints such as -fr, -fs or -ft "
              "are not modelled");
        }
        once("f");
        spec_.max_offset_bytes = size(value, "a maximum offset like -f10G");
        if (spec_.max_offset_bytes == 0) bad("a maximum offset greater than 0");
        return;
      case 'T':
        once("T");
        spec_.thread_stride_bytes = size(value, "a thread stride like -T1G");
        given(TargetField::ThreadStride);
        return;
      case 'F':
        once("F");
        if (seen_.count("t")) bad("-t or -F, not both (-F gives the total thread count)");
        spec_.threads = static_cast<int>(whole(value, 0, kMaxCount, "a total thread count from 1 to 4096, like -F4"));
        given(TargetField::Threads);
        return;
      case 'O':
        once("O");
        total_outstanding_ = static_cast<int>(whole(value, 0, kMaxCount, "an outstanding I/O count from 1, like -O32"));
        outstanding_token_ = token_;
        return;
      case 'i':
      case 'j': bad("no -i / -j: bursts of I/Os separated by think time are not modelled yet");
      case 'c':
        once("c");
        vm_.file_bytes = size(value, "a file size like -c10G");
        if (vm_.file_bytes == 0) bad("a file size greater than 0");
        return;
      case 'g': {
        once("g");
        const bool iops = !value.empty() && value.back() == 'i';
        const std::string_view number = iops ? value.substr(0, value.size() - 1) : value;
        // 0 would be no limit; the most DISKSPD keeps (a 32-bit count of bytes per ms): check_target.
        const auto n = whole(number, 1, 999'999'999'999, "a limit like -g1000 (bytes per ms) or -g500i (IOPS)");
        if (iops) {
          spec_.throughput_iops = static_cast<std::uint64_t>(n);
        } else {
          spec_.throughput_bytes_per_ms = static_cast<std::uint64_t>(n);
        }
        given(TargetField::Throughput);
        return;
      }
      default:
        throw DiskspdError("DISKSPD flag " + in_quotes(token) +
                           ": unknown flag; known: -b -t -o -F -O -w -r -rs -rdpct -rdabs -s -si "
                           "-T -B -f -d -W -C -S -h -L -D -Z -z -c -g");
    }
  }

  void finish() {
    if (total_outstanding_) {
      if (!seen_.count("F")) throw DiskspdError("DISKSPD flag -O: goes with -F (total threads); with -t use -o");
      spec_.outstanding = *total_outstanding_;  // -O wins over -o, as in DISKSPD
      given_[TargetField::Outstanding] = outstanding_token_;
    }
    if (mixed_ || spec_.distribution != models::DistributionKind::Uniform) {
      if (pattern_given_ && spec_.pattern != models::AccessPattern::Random) {
        throw DiskspdError(std::string("DISKSPD flag ") + (mixed_ ? "-rs" : "-rdpct/-rdabs") +
                           ": needs random offsets; it cannot be combined with -s or -si");
      }
      spec_.pattern = models::AccessPattern::Random;
    }
    if (spec_.throughput_iops > 0) {
      // DISKSPD: IOPS x block / 1000 bytes per ms, by integer division (check_target refuses 0).
      spec_.throughput_bytes_per_ms = iops_limit_bytes_per_ms(spec_.throughput_iops, spec_.block_bytes);
    }
    const auto problem = check_target(spec_, stride_);
    if (!problem) return;
    if (problem->sector) {
      // Unbuffered I/O (-Sh, the only mode hcisim models) moves whole sectors.
      struct Named {
        const char* flag;
        const char* what;
        std::uint64_t value;
      };
      const Named named =
          problem->field == TargetField::BlockSize         ? Named{"-b", "block size", spec_.block_bytes}
          : problem->field == TargetField::RandomAlignment ? Named{"-r", "alignment", spec_.random_align_bytes}
          : problem->field == TargetField::BaseOffset      ? Named{"-B", "base offset", spec_.base_offset_bytes}
                                                           : Named{"-T", "thread stride", spec_.thread_stride_bytes};
      throw DiskspdError(std::string("DISKSPD ") + named.flag + std::to_string(named.value) +
                         ": with the software cache off (-Sh) the " + named.what + " must be a multiple of 512 bytes");
    }
    const auto at = given_.find(problem->field);
    const std::string flag = at != given_.end() ? at->second : std::string("(a default)");
    throw DiskspdError("DISKSPD flag " + in_quotes(flag) + ": expected " + problem->expected);
  }

  // The token that gave a field, for check_target's message.
  void given(TargetField field) { given_[field] = token_; }

  // -rdpct<IO%>/<target%>[:...] or -rdabs<IO%>/<size>[:...]
  void distribution(std::string_view text) {
    const bool percent = text.substr(0, 3) == "pct";
    if (!percent && text.substr(0, 3) != "abs") bad("-rdpct<IO%>/<target%>:... or -rdabs<IO%>/<size>:...");
    spec_.distribution = percent ? models::DistributionKind::Percent : models::DistributionKind::Absolute;
    std::string_view rest = text.substr(3);
    const char* expected = percent ? "IO%/target% pairs separated by ':', like -rdpct95/5:4/10"
                                   : "IO%/size pairs separated by ':', like -rdabs10/1G:75/10G";
    if (rest.empty()) bad(expected);
    while (true) {
      const std::size_t colon = rest.find(':');
      const std::string_view pair = rest.substr(0, colon);
      const std::size_t slash = pair.find('/');
      if (slash == std::string_view::npos) bad(expected);
      models::DistributionRange range;
      range.io_percent = static_cast<int>(whole(pair.substr(0, slash), 0, kMaxCount, expected));
      range.span = percent ? static_cast<std::uint64_t>(whole(pair.substr(slash + 1), 0, kMaxCount, expected))
                           : size(pair.substr(slash + 1), expected);
      spec_.ranges.push_back(range);  // their ranges: check_target
      given(TargetField::Ranges);
      if (colon == std::string_view::npos) break;
      rest = rest.substr(colon + 1);
    }
  }

  // -Z zeros, -Zr random per I/O, -Z<size> random buffer, -Z<size>,<file> buffer from a file.
  void write_buffer(std::string_view value) {
    if (value.empty()) {
      spec_.write_buffer = models::WriteBufferContent::Zeros;
    } else if (value == "r") {
      spec_.write_buffer = models::WriteBufferContent::RandomPerIo;
    } else {
      const std::size_t comma = value.find(',');
      spec_.write_buffer_bytes = size(value.substr(0, comma), "-Z, -Zr, -Z<size> or -Z<size>,<file>");
      if (spec_.write_buffer_bytes == 0) bad("a buffer size greater than 0");
      if (comma != std::string_view::npos && comma + 1 == value.size()) bad("a file name after the comma");
      spec_.write_buffer = comma == std::string_view::npos ? models::WriteBufferContent::RandomBuffer
                                                           : models::WriteBufferContent::FileBuffer;
    }
  }

  models::DiskspdTarget spec_;  // the target this line describes
  models::DiskspdSpec vm_;      // what is per VM: file size, times, latency statistics
  std::string token_;
  std::set<std::string> seen_;
  bool pattern_given_ = false;
  bool mixed_ = false;  // -rs given
  std::optional<std::uint64_t> stride_;
  std::optional<int> total_outstanding_;
  std::string outstanding_token_;
  std::map<TargetField, std::string> given_;
};

[[noreturn]] void profile_error(const std::string& profile, const std::string& why) {
  throw DiskspdError("VMFleet profile " + in_quotes(profile) + ": " + why +
                     " (expected a name like B4-T2-O32-W0-PR: B block KiB, T threads, "
                     "O outstanding, W write %, P R, S or SI)");
}

}  // namespace

std::uint64_t iops_limit_bytes_per_ms(std::uint64_t iops, std::uint64_t block_bytes) {
  const unsigned __int128 bpms = static_cast<unsigned __int128>(iops) * block_bytes / 1000;
  return bpms > UINT64_MAX ? UINT64_MAX : static_cast<std::uint64_t>(bpms);
}

std::optional<TargetProblem> check_target(const models::DiskspdTarget& t, std::optional<std::uint64_t> stride) {
  using F = TargetField;
  if (t.block_bytes == 0) return TargetProblem{F::BlockSize, "a block size greater than 0"};
  if (t.block_bytes > limits::kMaxBlockBytes) {
    return TargetProblem{F::BlockSize, "a block size up to 4 GiB - 512 B (DISKSPD's -b is a 32-bit byte count)"};
  }
  if (t.threads < 1 || t.threads > 4096) return TargetProblem{F::Threads, "a thread count from 1 to 4096"};
  if (t.outstanding < 1 || t.outstanding > 65536) {
    return TargetProblem{F::Outstanding, "an outstanding I/O count from 1 to 65536"};
  }
  if (!(t.write_fraction >= 0 && t.write_fraction <= 1))
    return TargetProblem{F::WriteRatio, "a write percentage from 0 to 100"};
  if (t.random_percent < 1 || t.random_percent > 100)
    return TargetProblem{F::RandomRatio, "a random share from 1 to 100 %"};
  if (t.software_cache_disabled) {
    const std::uint64_t sector = limits::kSectorBytes;
    const std::pair<F, std::uint64_t> aligned[] = {{F::BlockSize, t.block_bytes},
                                                   {F::RandomAlignment, t.random_align_bytes},
                                                   {F::BaseOffset, t.base_offset_bytes},
                                                   {F::ThreadStride, t.thread_stride_bytes}};
    for (const auto& [field, value] : aligned) {
      if (value % sector != 0) return TargetProblem{field, "a multiple of 512 bytes", true};
    }
  }
  if (stride && *stride != t.block_bytes) {
    return TargetProblem{F::Stride, "a stride equal to the block size (" + std::to_string(t.block_bytes) +
                                        " bytes): only stride = block size is modelled"};
  }
  constexpr std::uint64_t kMaxU32 = 4'294'967'295;
  if (t.throughput_iops > 0) {
    const std::uint64_t bpms = iops_limit_bytes_per_ms(t.throughput_iops, t.block_bytes);
    if (bpms == 0 || bpms > kMaxU32) {
      return TargetProblem{F::Throughput,
                           "an IOPS limit of 1 to 4294967295 bytes per ms after DISKSPD's conversion: " +
                               std::to_string(t.throughput_iops) + " IOPS x " + std::to_string(t.block_bytes) +
                               " bytes / 1000 is " + std::to_string(bpms) +
                               " bytes per ms by its integer division (0 would run DISKSPD unthrottled)"};
    }
  } else if (t.throughput_bytes_per_ms > kMaxU32) {
    return TargetProblem{F::Throughput, "a limit from 1 to 4294967295 bytes per ms (DISKSPD keeps a 32-bit count)"};
  }
  const bool percent = t.distribution == models::DistributionKind::Percent;
  for (std::size_t i = 0; i < t.ranges.size(); ++i) {
    const models::DistributionRange& r = t.ranges[i];
    if (r.io_percent < 0 || r.io_percent > 100 || r.span == 0 || (percent && r.span > 100)) {
      return TargetProblem{F::Ranges,
                           percent ? "IO%/target% pairs with IO% from 0 to 100 and target% from 1 to 100"
                                   : "IO%/size pairs with IO% from 0 to 100 and a size greater than 0",
                           false, i};
    }
  }
  return std::nullopt;
}

models::DiskspdSpec parse_diskspd_command(std::string_view command_line) { return CommandParser().parse(command_line); }

models::DiskspdSpec parse_vmfleet_profile(std::string_view profile) {
  const std::string text(profile);
  auto fail = [&](const std::string& why) { profile_error(text, why); };
  models::DiskspdTarget spec;
  spec.software_cache_disabled = true;  // VMFleet always runs DISKSPD with -Sh -L
  models::DiskspdSpec vm;
  vm.latency_stats = true;
  vm.duration_ns = 0;
  vm.warmup_ns = 0;

  std::set<char> seen;
  std::size_t start = 0;
  while (start <= text.size()) {
    const std::size_t dash = text.find('-', start);
    const std::string part = text.substr(start, dash == std::string::npos ? std::string::npos : dash - start);
    start = dash == std::string::npos ? text.size() + 1 : dash + 1;
    if (part.empty()) fail("an empty part");
    const char letter = static_cast<char>(std::toupper(static_cast<unsigned char>(part[0])));
    const std::string value = part.substr(1);
    if (!seen.insert(letter).second) fail(std::string("'") + letter + "' is given twice");
    auto number = [&](long long min, long long max) -> long long {
      if (!all_digits(value) || value.size() > 9) profile_error(text, in_quotes(part) + " needs a whole number");
      const long long n = std::stoll(value);
      if (n < min || n > max) {
        profile_error(text, in_quotes(part) + " is out of range " + std::to_string(min) + "-" + std::to_string(max));
      }
      return n;
    };
    switch (letter) {
      case 'B': spec.block_bytes = static_cast<std::uint64_t>(number(1, 1'048'576)) * 1024; break;
      case 'T': spec.threads = static_cast<int>(number(1, 4096)); break;
      case 'O': spec.outstanding = static_cast<int>(number(1, 65536)); break;
      case 'W': spec.write_fraction = static_cast<double>(number(0, 100)) / 100.0; break;
      case 'P': {
        const std::string p = lower(value);
        if (p == "r")
          spec.pattern = models::AccessPattern::Random;
        else if (p == "s")
          spec.pattern = models::AccessPattern::Sequential;
        else if (p == "si")
          spec.pattern = models::AccessPattern::SequentialInterleaved;
        else
          fail(in_quotes(part) + " must be PR, PS or PSI");
        break;
      }
      default: fail("unknown part " + in_quotes(part));
    }
  }
  for (char letter : {'B', 'T', 'O', 'W', 'P'}) {
    if (!seen.count(letter)) fail(std::string("missing ") + letter);
  }
  vm.targets = {spec};
  return vm;
}

}  // namespace hcisim::frontend
