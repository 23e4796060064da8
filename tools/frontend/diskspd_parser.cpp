#include "tools/frontend/diskspd_parser.hpp"

#include <cctype>
#include <cstdint>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "tools/frontend/input_limits.hpp"
#include "tools/frontend/units.hpp"
#include "tools/frontend/message_text.hpp"

namespace hcisim::frontend {
namespace {

constexpr std::int64_t kSecondNs = 1'000'000'000;

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
    spec_.duration_ns = 10 * kSecondNs;
    spec_.warmup_ns = 5 * kSecondNs;
    spec_.software_cache_disabled = false;
    spec_.latency_stats = false;

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
                           " is a second target; one target per VM is modelled");
      }
    }
    finish();
    return spec_;
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

  std::int64_t whole(std::string_view value, std::int64_t min, std::int64_t max,
                     std::string_view expected) const {
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
        if (spec_.block_bytes == 0) bad("a block size greater than 0");
        if (spec_.block_bytes > limits::kMaxBlockBytes) {
          bad("a block size up to 4 GiB - 512 B (DISKSPD's -b is a 32-bit byte count)");
        }
        return;
      case 't':
        once("t");
        spec_.threads = static_cast<int>(whole(value, 1, 4096, "a thread count from 1 to 4096, like -t2"));
        return;
      case 'o':
        once("o");
        spec_.outstanding = static_cast<int>(whole(value, 1, 65536, "an outstanding I/O count from 1, like -o32"));
        return;
      case 'w':
        once("w");
        spec_.write_fraction = static_cast<double>(whole(value, 0, 100, "a write percentage from 0 to 100, like -w30")) / 100.0;
        return;
      case 'r':
        pattern(models::AccessPattern::Random);
        if (!value.empty()) {
          spec_.random_align_bytes = size(value, "-r alone or an alignment like -r4K");
          if (spec_.random_align_bytes == 0) bad("an alignment greater than 0");
        }
        return;
      case 's': {
        const bool interleaved = !value.empty() && value[0] == 'i';
        pattern(interleaved ? models::AccessPattern::SequentialInterleaved : models::AccessPattern::Sequential);
        const std::string_view stride = interleaved ? value.substr(1) : value;
        if (!stride.empty()) stride_ = size(stride, "-s, -si or a stride like -s64K");
        return;
      }
      case 'd':
        once("d");
        spec_.duration_ns = whole(value, 1, 1'000'000'000, "a duration in seconds, like -d60") * kSecondNs;
        return;
      case 'W':
        once("W");
        spec_.warmup_ns = whole(value, 0, 1'000'000'000, "a warm-up in seconds, like -W10") * kSecondNs;
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
        spec_.latency_stats = true;
        return;
      case 'D':
        if (!value.empty()) whole(value, 1, 1'000'000'000, "-D alone or an interval in ms, like -D1000");
        return;  // per-interval IOPS statistics: reporting only
      case 'Z':
      case 'z':
        return;  // write-buffer content and DISKSPD's own seed do not change the model
      case 'c':
        once("c");
        spec_.file_bytes = size(value, "a file size like -c10G");
        if (spec_.file_bytes == 0) bad("a file size greater than 0");
        return;
      case 'g': {
        once("g");
        const bool iops = !value.empty() && value.back() == 'i';
        const std::string_view number = iops ? value.substr(0, value.size() - 1) : value;
        const auto n = whole(number, 1, 1'000'000'000'000, "a cap like -g1000 (bytes per ms) or -g500i (IOPS)");
        if (iops) {
          cap_iops_ = static_cast<double>(n);
        } else {
          spec_.throughput_cap_bytes_per_s = static_cast<double>(n) * 1000.0;
        }
        return;
      }
      default:
        throw DiskspdError("DISKSPD flag " + in_quotes(token) + ": unknown flag; known: -b -t -o -w -r -s -si -d -W -C -S -h -L -D -Z -z -c -g");
    }
  }

  void finish() {
    // Unbuffered I/O (-Sh, the only mode hcisim models) moves whole sectors.
    const std::uint64_t sector = limits::kSectorBytes;
    if (spec_.software_cache_disabled && spec_.block_bytes % sector != 0) {
      throw DiskspdError("DISKSPD -b" + std::to_string(spec_.block_bytes) +
                         ": with the software cache off (-Sh) the block size must be a multiple of 512 bytes");
    }
    if (spec_.software_cache_disabled && spec_.random_align_bytes % sector != 0) {
      throw DiskspdError("DISKSPD -r" + std::to_string(spec_.random_align_bytes) +
                         ": with the software cache off (-Sh) the alignment must be a multiple of 512 bytes");
    }
    if (stride_ && *stride_ != spec_.block_bytes) {
      throw DiskspdError("DISKSPD flag -s/-si: a stride of " + std::to_string(*stride_) +
                         " bytes differs from the block size (" + std::to_string(spec_.block_bytes) +
                         " bytes); only stride = block size is modelled");
    }
    if (cap_iops_) spec_.throughput_cap_bytes_per_s = *cap_iops_ * static_cast<double>(spec_.block_bytes);
  }

  models::DiskspdSpec spec_;
  std::string token_;
  std::set<std::string> seen_;
  bool pattern_given_ = false;
  std::optional<std::uint64_t> stride_;
  std::optional<double> cap_iops_;
};

[[noreturn]] void profile_error(const std::string& profile, const std::string& why) {
  throw DiskspdError("VMFleet profile " + in_quotes(profile) + ": " + why +
                     " (expected a name like B4-T2-O32-W0-PR: B block KiB, T threads, "
                     "O outstanding, W write %, P R, S or SI)");
}

}  // namespace

models::DiskspdSpec parse_diskspd_command(std::string_view command_line) {
  return CommandParser().parse(command_line);
}

models::DiskspdSpec parse_vmfleet_profile(std::string_view profile) {
  const std::string text(profile);
  auto fail = [&](const std::string& why) { profile_error(text, why); };
  models::DiskspdSpec spec;
  spec.software_cache_disabled = true;  // VMFleet always runs DISKSPD with -Sh -L
  spec.latency_stats = true;
  spec.duration_ns = 0;
  spec.warmup_ns = 0;

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
        if (p == "r") spec.pattern = models::AccessPattern::Random;
        else if (p == "s") spec.pattern = models::AccessPattern::Sequential;
        else if (p == "si") spec.pattern = models::AccessPattern::SequentialInterleaved;
        else fail(in_quotes(part) + " must be PR, PS or PSI");
        break;
      }
      default: fail("unknown part " + in_quotes(part));
    }
  }
  for (char letter : {'B', 'T', 'O', 'W', 'P'}) {
    if (!seen.count(letter)) fail(std::string("missing ") + letter);
  }
  return spec;
}

}  // namespace hcisim::frontend
