#include "tools/frontend/input/diskspd_xml.hpp"

#include <tinyxml2.h>

#include <cstdint>
#include <fstream>
#include <map>
#include <optional>
#include <set>
#include <sstream>
#include <string_view>
#include <vector>

#include "tools/frontend/base/input_files.hpp"
#include "tools/frontend/base/message_text.hpp"
#include "tools/frontend/input/diskspd_parser.hpp"
#include "tools/frontend/input/input_limits.hpp"
#include "tools/frontend/input/xml_attribute_scan.hpp"

namespace hcisim::frontend {
namespace {

using tinyxml2::XMLAttribute;
using tinyxml2::XMLElement;

constexpr std::int64_t kSecondNs = 1'000'000'000;
constexpr std::uintmax_t kMaxProfileBytes = 16u << 20;  // a profile is a few KiB; this bounds a wrong file
constexpr std::uint64_t kMaxU32 = 4'294'967'295;

// Elements that change only what DISKSPD prints.
const std::set<std::string_view> kOutputOnly = {"Progress", "ResultFormat", "Verbose", "CalculateIopsStdDev",
                                                "IoBucketDuration"};

// Where a target's values were given (the element and its text), to name the one
// check_target (diskspd_parser.hpp, the command line's check too) refuses.
struct Given {
  const XMLElement* target = nullptr;
  std::map<TargetField, std::pair<const XMLElement*, std::string>> at;
  std::vector<const XMLElement*> ranges;
  std::optional<std::uint64_t> stride;
};

// Counts and percentages are read up to this; their ranges are check_target's.
constexpr std::uint64_t kMaxCount = 1'000'000'000;

class ProfileReader {
 public:
  explicit ProfileReader(std::string label) : label_(std::move(label)) {}

  models::DiskspdSpec read(const std::string& text) {
    if (const auto crowded = first_crowded_element(text, limits::kMaxXmlAttributes)) {
      throw DiskspdError(printable(label_) + ":" + std::to_string(crowded->line) + ": <" +
                         printable(crowded->name, 64) + "> has " + std::to_string(crowded->attributes) +
                         " attributes; DISKSPD profiles use at most 2 per element, and more than " +
                         std::to_string(limits::kMaxXmlAttributes) +
                         " are refused unread (kMaxXmlAttributes in tools/frontend/input/input_limits.hpp)");
    }
    tinyxml2::XMLDocument doc;
    if (doc.Parse(text.data(), text.size()) != tinyxml2::XML_SUCCESS) {
      throw DiskspdError(printable(label_) + ":" + std::to_string(doc.ErrorLineNum()) +
                         ": not a well-formed XML file (" + std::string(doc.ErrorName()) + ")");
    }
    const XMLElement* profile = doc.RootElement();
    if (profile == nullptr || std::string_view(profile->Name()) != "Profile") {
      throw DiskspdError(printable(label_) + ":" + std::to_string(profile ? profile->GetLineNum() : 1) +
                         ": expected a DISKSPD profile (root element <Profile>)");
    }
    no_attributes(profile);
    const XMLElement* spans = nullptr;
    Seen seen;
    for (const XMLElement* e = profile->FirstChildElement(); e; e = e->NextSiblingElement()) {
      const std::string_view name = once(e, seen);
      if (name == "TimeSpans") {
        spans = e;
      } else if (!kOutputOnly.count(name)) {
        unknown(e, "Profile", "TimeSpans, Progress, ResultFormat, Verbose");
      }
    }
    if (spans == nullptr) fail(profile, "expected a <TimeSpans> element");
    no_attributes(spans);
    const XMLElement* span = nullptr;
    for (const XMLElement* e = spans->FirstChildElement(); e; e = e->NextSiblingElement()) {
      if (std::string_view(e->Name()) != "TimeSpan") unknown(e, "TimeSpans", "TimeSpan");
      if (span != nullptr) {
        fail(e, "a second TimeSpan: hcisim runs one measured interval; keep one TimeSpan per profile "
                "(the first starts at line " +
                    std::to_string(span->GetLineNum()) + ")");
      }
      span = e;
    }
    if (span == nullptr) fail(spans, "expected a <TimeSpan> element");
    return time_span(span);
  }

 private:
  using Seen = std::set<std::string>;

  [[noreturn]] void fail(const XMLElement* e, const std::string& why) const {
    // Element names and quoted values come from the file: escaped for the terminal.
    throw DiskspdError(printable(label_) + ":" + std::to_string(e->GetLineNum()) + ": <" + printable(e->Name(), 64) +
                       ">: " + printable(why));
  }
  [[noreturn]] void unknown(const XMLElement* e, const char* parent, const char* known) const {
    fail(e, std::string("not modelled or not a DISKSPD element in <") + parent + ">; hcisim reads " + known);
  }

  std::string_view once(const XMLElement* e, Seen& seen) const {
    if (!seen.insert(e->Name()).second) fail(e, "given more than once");
    return e->Name();
  }

  void no_attributes(const XMLElement* e, std::string_view allowed = {}) const {
    for (const XMLAttribute* a = e->FirstAttribute(); a; a = a->Next()) {
      if (allowed.empty() || a->Name() != allowed) fail(e, "unexpected attribute '" + std::string(a->Name()) + "'");
    }
  }

  std::string text(const XMLElement* e, const char* expected) const {
    if (e->FirstChildElement() != nullptr) fail(e, std::string("expected ") + expected + ", got nested elements");
    const char* t = e->GetText();
    std::string s = t ? t : "";
    const auto first = s.find_first_not_of(" \t\r\n");
    const auto last = s.find_last_not_of(" \t\r\n");
    return first == std::string::npos ? std::string() : s.substr(first, last - first + 1);
  }

  std::uint64_t number(const XMLElement* e, std::uint64_t min, std::uint64_t max, const char* expected) const {
    no_attributes(e);
    const std::string s = text(e, expected);
    if (s.empty() || s.size() > 19 || s.find_first_not_of("0123456789") != std::string::npos) {
      fail(e, std::string("expected ") + expected + ", got '" + s.substr(0, 40) + "'");
    }
    const std::uint64_t n = std::stoull(s);
    if (n < min || n > max) fail(e, std::string("expected ") + expected + ", got " + s);
    return n;
  }

  bool boolean(const XMLElement* e) const {
    no_attributes(e);
    const std::string s = text(e, "true or false");
    if (s == "true" || s == "1") return true;
    if (s == "false" || s == "0") return false;
    fail(e, "expected true or false, got '" + s.substr(0, 40) + "'");
  }

  // An element the model does not simulate: only DISKSPD's default passes.
  void default_only(const XMLElement* e, std::string_view name) const {
    const bool numeric = name == "IOPriority" || name == "BurstSize" || name == "ThinkTime";
    if (numeric) {
      const std::uint64_t value = number(e, 0, kMaxU32, "a whole number");
      const std::uint64_t neutral = name == "IOPriority" ? 3 : 0;
      if (value != neutral) {
        fail(e, "only " + std::to_string(neutral) + " (DISKSPD's default) is accepted: " +
                    (name == "IOPriority" ? std::string("I/O priorities are not modelled")
                                          : std::string("bursts with think time are not modelled yet")));
      }
    } else if (boolean(e)) {
      fail(e, "only false (DISKSPD's default) is accepted: hcisim does not model it");
    }
  }

  models::DiskspdSpec time_span(const XMLElement* span) {
    no_attributes(span);
    models::DiskspdSpec spec;
    spec.targets.clear();
    spec.latency_stats = false;
    spec.duration_ns = 10 * kSecondNs;  // DISKSPD's defaults, as on the command line
    spec.warmup_ns = 5 * kSecondNs;
    std::optional<int> thread_count, request_count;
    const XMLElement* thread_count_at = nullptr;
    const XMLElement* request_count_at = nullptr;
    const XMLElement* targets = nullptr;
    Seen seen;
    for (const XMLElement* e = span->FirstChildElement(); e; e = e->NextSiblingElement()) {
      const std::string_view name = once(e, seen);
      if (name == "Duration") {
        spec.duration_ns = static_cast<std::int64_t>(number(e, 1, 1'000'000'000, "a duration in seconds")) * kSecondNs;
      } else if (name == "Warmup") {
        spec.warmup_ns = static_cast<std::int64_t>(number(e, 0, 1'000'000'000, "a warm-up in seconds")) * kSecondNs;
      } else if (name == "Cooldown") {
        number(e, 0, 1'000'000'000, "a cool-down in seconds");  // not simulated, as -C
      } else if (name == "RandSeed") {
        number(e, 0, UINT64_MAX, "a seed");  // DISKSPD's own seed, as -z
      } else if (name == "MeasureLatency") {
        spec.latency_stats = boolean(e);
      } else if (name == "ThreadCount") {
        const auto n = number(e, 0, kMaxCount, "a total thread count from 0 to 4096");
        if (n > 0) thread_count = static_cast<int>(n);
        thread_count_at = e;
      } else if (name == "RequestCount") {
        const auto n = number(e, 0, kMaxCount, "an outstanding I/O count per thread from 0 to 65536");
        if (n > 0) request_count = static_cast<int>(n);
        request_count_at = e;
      } else if (name == "CompletionRoutines" || name == "DisableAffinity") {
        default_only(e, name);
      } else if (name == "Targets") {
        targets = e;
      } else if (!kOutputOnly.count(name)) {
        unknown(e, "TimeSpan",
                "Duration, Warmup, Cooldown, RandSeed, MeasureLatency, ThreadCount, RequestCount, Targets and, at "
                "their defaults, CompletionRoutines and DisableAffinity");
      }
    }
    if (targets == nullptr) fail(span, "expected a <Targets> element");
    no_attributes(targets);
    const XMLElement* first = nullptr;
    std::string path;
    std::vector<Given> given;
    for (const XMLElement* e = targets->FirstChildElement(); e; e = e->NextSiblingElement()) {
      if (std::string_view(e->Name()) != "Target") unknown(e, "Targets", "Target");
      std::string target_path;
      std::optional<std::uint64_t> file_size;
      given.emplace_back();
      spec.targets.push_back(target(e, target_path, file_size, given.back()));
      if (first == nullptr) {
        first = e;
        path = target_path;
      } else if (target_path != path) {
        fail(e, "its Path '" + target_path + "' differs from the first target's '" + path + "' (line " +
                    std::to_string(first->GetLineNum()) +
                    "); hcisim gives each VM one disk, which all targets share: use one path");
      }
      if (file_size) {
        if (spec.file_bytes != 0 && spec.file_bytes != *file_size)
          fail(e, "its FileSize differs from another target's");
        spec.file_bytes = *file_size;
      }
    }
    if (first == nullptr) fail(targets, "expected at least one <Target>");
    if (request_count && !thread_count) fail(span, "RequestCount (-O) goes with ThreadCount (-F)");
    if (thread_count) {
      if (spec.targets.size() > 1) {
        fail(thread_count_at, "ThreadCount (-F) makes every thread work on every target, shared by Weight; "
                              "that is not modelled: use ThreadsPerFile per target");
      }
      spec.targets.front().threads = *thread_count;
      given.front().at[TargetField::Threads] = {thread_count_at, std::to_string(*thread_count)};
      if (request_count) {
        spec.targets.front().outstanding = *request_count;
        given.front().at[TargetField::Outstanding] = {request_count_at, std::to_string(*request_count)};
      }
    }
    for (std::size_t i = 0; i < spec.targets.size(); ++i) check(spec.targets[i], given[i]);
    return spec;
  }

  models::DiskspdTarget target(const XMLElement* t, std::string& path, std::optional<std::uint64_t>& file_size,
                               Given& given) {
    no_attributes(t);
    models::DiskspdTarget out;  // DISKSPD's defaults: 64K blocks, 2 outstanding, 1 thread, sequential, cached
    out.block_bytes = 64 * 1024;
    out.threads = 1;
    out.outstanding = 2;
    out.pattern = models::AccessPattern::Sequential;
    out.software_cache_disabled = false;
    std::optional<std::uint64_t> random, stride, throughput;
    bool throughput_iops = false;
    bool interlocked = false;
    const XMLElement* ratio_at = nullptr;
    given.target = t;
    // A value as read, and where: its range is check_target's.
    auto read = [&](const XMLElement* e, TargetField field, std::uint64_t min, std::uint64_t max,
                    const char* expected) {
      const std::uint64_t n = number(e, min, max, expected);
      given.at[field] = {e, std::to_string(n)};
      return n;
    };
    Seen seen;
    for (const XMLElement* e = t->FirstChildElement(); e; e = e->NextSiblingElement()) {
      const std::string_view name = once(e, seen);
      if (name == "Path") {
        no_attributes(e);
        path = text(e, "a path");
        if (path.empty()) fail(e, "expected a path (like *1)");
      } else if (name == "BlockSize") {
        out.block_bytes = read(e, TargetField::BlockSize, 0, UINT64_MAX, "a block size in bytes");
      } else if (name == "ThreadsPerFile") {
        out.threads = static_cast<int>(read(e, TargetField::Threads, 0, kMaxCount, "a thread count from 1 to 4096"));
      } else if (name == "RequestCount") {
        out.outstanding = static_cast<int>(
            read(e, TargetField::Outstanding, 0, kMaxCount, "an outstanding I/O count from 1 to 65536"));
      } else if (name == "WriteRatio") {
        out.write_fraction =
            static_cast<double>(read(e, TargetField::WriteRatio, 0, kMaxCount, "a write percentage from 0 to 100")) /
            100.0;
      } else if (name == "Random") {
        random = read(e, TargetField::RandomAlignment, 1, UINT64_MAX, "a random alignment in bytes");
      } else if (name == "RandomRatio") {
        out.random_percent =
            static_cast<int>(read(e, TargetField::RandomRatio, 0, kMaxCount, "a random share from 1 to 100 %"));
        ratio_at = e;
      } else if (name == "StrideSize") {
        stride = read(e, TargetField::Stride, 1, UINT64_MAX, "a sequential stride in bytes");
      } else if (name == "InterlockedSequential") {
        interlocked = boolean(e);
      } else if (name == "Distribution") {
        distribution(e, out, given);
      } else if (name == "BaseFileOffset") {
        out.base_offset_bytes = read(e, TargetField::BaseOffset, 0, UINT64_MAX, "a base offset in bytes");
      } else if (name == "MaxFileSize") {
        out.max_offset_bytes = number(e, 0, UINT64_MAX, "a maximum offset in bytes");
      } else if (name == "FileSize") {
        file_size = number(e, 1, UINT64_MAX, "a file size in bytes");
      } else if (name == "ThreadStride") {
        out.thread_stride_bytes = read(e, TargetField::ThreadStride, 0, UINT64_MAX, "a thread stride in bytes");
      } else if (name == "Throughput") {
        no_attributes(e, "unit");
        const char* unit = e->Attribute("unit");
        if (unit != nullptr && std::string_view(unit) != "BPMS" && std::string_view(unit) != "IOPS") {
          fail(e, "unit must be BPMS (bytes per ms) or IOPS, got " + in_quotes(unit));
        }
        throughput_iops = unit != nullptr && std::string_view(unit) == "IOPS";
        const std::string s = text(e, "a throughput limit");
        if (s.empty() || s.size() > 10 || s.find_first_not_of("0123456789") != std::string::npos ||
            std::stoull(s) > kMaxU32) {
          fail(e, "expected a whole number from 0 to 4294967295, got '" + s.substr(0, 40) + "'");
        }
        throughput = std::stoull(s);
        given.at[TargetField::Throughput] = {e, s};
      } else if (name == "DisableOSCache" || name == "DisableAllCache") {
        if (boolean(e)) out.software_cache_disabled = true;
      } else if (name == "WriteThrough") {
        boolean(e);  // as -Sw with -Su: the model runs unbuffered I/O as write-through (see -S)
      } else if (name == "WriteBufferContent") {
        write_buffer(e, out);
      } else if (name == "SequentialScan" || name == "RandomAccess" || name == "TemporaryFile" ||
                 name == "UseLargePages" || name == "ParallelAsyncIO" || name == "IOPriority" || name == "BurstSize" ||
                 name == "ThinkTime") {
        default_only(e, name);
      } else if (name == "Weight" || name == "ThreadTargets") {
        fail(e, "threads shared among targets (XML only) are not modelled: give each target its own ThreadsPerFile");
      } else {
        unknown(e, "Target",
                "Path, BlockSize, ThreadsPerFile, RequestCount, WriteRatio, Random, RandomRatio, StrideSize, "
                "InterlockedSequential, Distribution, BaseFileOffset, MaxFileSize, FileSize, ThreadStride, "
                "Throughput, DisableOSCache, WriteThrough, WriteBufferContent");
      }
    }
    if (path.empty()) fail(t, "expected a <Path> (like *1)");
    if (random && stride) fail(t, "both Random and StrideSize: a target is random or sequential");
    if (random) {
      out.pattern = models::AccessPattern::Random;
      // <Random> always states the alignment; the block size is the command line's plain -r.
      out.random_align_bytes = *random == out.block_bytes ? 0 : *random;
      if (interlocked) fail(t, "InterlockedSequential with Random: a target is random or sequential");
    } else {
      if (ratio_at != nullptr) fail(ratio_at, "RandomRatio needs <Random> (the alignment of the random I/Os)");
      if (out.distribution != models::DistributionKind::Uniform) fail(t, "Distribution needs <Random>");
      given.stride = stride;  // its rule (stride = block size): check_target
      if (interlocked) out.pattern = models::AccessPattern::SequentialInterleaved;
    }
    if (throughput && *throughput > 0) {
      if (throughput_iops) {
        // DISKSPD: IOPS x block / 1000 bytes per ms, by integer division (check_target refuses 0).
        out.throughput_iops = *throughput;
        out.throughput_bytes_per_ms = iops_limit_bytes_per_ms(*throughput, out.block_bytes);
      } else {
        out.throughput_bytes_per_ms = *throughput;
      }
    }
    return out;
  }

  // The command line's rules (check_target), on the element that breaks one.
  void check(const models::DiskspdTarget& out, const Given& given) const {
    const auto problem = check_target(out, given.stride);
    if (!problem) return;
    if (problem->field == TargetField::Ranges && problem->range < given.ranges.size()) {
      fail(given.ranges[problem->range], "expected " + problem->expected);
    }
    const auto at = given.at.find(problem->field);
    const XMLElement* where = at != given.at.end() ? at->second.first : given.target;
    const std::string got = at != given.at.end() ? at->second.second : std::string("its default");
    if (problem->sector) {
      fail(where, "expected a multiple of 512 bytes with DisableOSCache (unbuffered I/O moves whole sectors, as "
                  "DISKSPD -Sh requires), got " +
                      got);
    }
    fail(where, "expected " + problem->expected + ", got " + got);
  }

  // <Distribution><Percent|Absolute><Range IO="95">5</Range>...</...></Distribution>
  void distribution(const XMLElement* e, models::DiskspdTarget& out, Given& given) const {
    no_attributes(e);
    const XMLElement* kind = e->FirstChildElement();
    if (kind == nullptr || kind->NextSiblingElement() != nullptr) fail(e, "expected one <Percent> or <Absolute>");
    no_attributes(kind);
    const std::string_view name = kind->Name();
    if (name != "Percent" && name != "Absolute") unknown(kind, "Distribution", "Percent, Absolute");
    const bool percent = name == "Percent";
    out.distribution = percent ? models::DistributionKind::Percent : models::DistributionKind::Absolute;
    for (const XMLElement* r = kind->FirstChildElement(); r; r = r->NextSiblingElement()) {
      if (std::string_view(r->Name()) != "Range") unknown(r, name == "Percent" ? "Percent" : "Absolute", "Range");
      for (const XMLAttribute* a = r->FirstAttribute(); a; a = a->Next()) {
        if (std::string_view(a->Name()) != "IO") fail(r, "unexpected attribute '" + std::string(a->Name()) + "'");
      }
      unsigned io = 0;
      if (r->QueryUnsignedAttribute("IO", &io) != tinyxml2::XML_SUCCESS || io > kMaxCount) {
        fail(r, "expected an IO attribute from 0 to 100 (the percent of I/O in this range)");
      }
      const std::string s = text(r, "a span");
      models::DistributionRange range;
      range.io_percent = static_cast<int>(io);
      if (s.empty() || s.size() > 19 || s.find_first_not_of("0123456789") != std::string::npos) {
        fail(r, std::string("expected ") + (percent ? "a percent of the target" : "a size in bytes") + ", got '" +
                    s.substr(0, 40) + "'");
      }
      range.span = std::stoull(s);
      out.ranges.push_back(range);  // their ranges: check_target
      given.ranges.push_back(r);
    }
    if (out.ranges.empty()) fail(kind, "expected at least one <Range>");
  }

  // <WriteBufferContent><Pattern>sequential|zero|random</Pattern>
  //   [<RandomDataSource><SizeInBytes>n</SizeInBytes>[<FilePath>f</FilePath>]</RandomDataSource>]
  void write_buffer(const XMLElement* e, models::DiskspdTarget& out) const {
    no_attributes(e);
    std::string pattern;
    const XMLElement* source = nullptr;
    const XMLElement* pattern_at = e;
    Seen seen;
    for (const XMLElement* c = e->FirstChildElement(); c; c = c->NextSiblingElement()) {
      const std::string_view name = once(c, seen);
      if (name == "Pattern") {
        no_attributes(c);
        pattern = text(c, "sequential, zero or random");
        pattern_at = c;
      } else if (name == "RandomDataSource") {
        source = c;
      } else {
        unknown(c, "WriteBufferContent", "Pattern, RandomDataSource");
      }
    }
    if (pattern == "sequential") {
      out.write_buffer = models::WriteBufferContent::RepeatingPattern;
    } else if (pattern == "zero") {
      out.write_buffer = models::WriteBufferContent::Zeros;
    } else if (pattern == "random") {
      out.write_buffer = models::WriteBufferContent::RandomPerIo;
    } else {
      fail(pattern_at, "expected a <Pattern> of sequential, zero or random, got '" + pattern.substr(0, 40) + "'");
    }
    if (source == nullptr) return;
    if (pattern != "random") fail(source, "a RandomDataSource goes with the random pattern");
    no_attributes(source);
    Seen inner;
    bool file = false;
    for (const XMLElement* c = source->FirstChildElement(); c; c = c->NextSiblingElement()) {
      const std::string_view name = once(c, inner);
      if (name == "SizeInBytes") {
        out.write_buffer_bytes = number(c, 1, UINT64_MAX, "a buffer size in bytes");
      } else if (name == "FilePath") {
        no_attributes(c);
        if (text(c, "a file path").empty()) fail(c, "expected a file path");
        file = true;
      } else {
        unknown(c, "RandomDataSource", "SizeInBytes, FilePath");
      }
    }
    if (out.write_buffer_bytes == 0) fail(source, "expected <SizeInBytes>");
    out.write_buffer = file ? models::WriteBufferContent::FileBuffer : models::WriteBufferContent::RandomBuffer;
  }

  std::string label_;
};

}  // namespace

models::DiskspdSpec parse_diskspd_xml(const std::string& text, const std::string& label) {
  return ProfileReader(label).read(text);
}

models::DiskspdSpec read_diskspd_xml(const std::filesystem::path& file) {
  std::error_code ec;
  const auto bytes = std::filesystem::file_size(file, ec);
  if (ec || !std::filesystem::is_regular_file(file, ec)) {
    throw DiskspdError(file.string() + ": cannot read the DISKSPD profile (no such regular file)");
  }
  if (bytes > kMaxProfileBytes) {
    throw DiskspdError(file.string() + ": " + std::to_string(bytes) +
                       " bytes is too large for a DISKSPD profile (at most " + std::to_string(kMaxProfileBytes) + ")");
  }
  std::ifstream in(file, std::ios::binary);
  std::ostringstream text;
  text << in.rdbuf();
  if (!in) throw DiskspdError(file.string() + ": cannot read the DISKSPD profile");
  note_input_file(file, text.str());
  return parse_diskspd_xml(text.str(), file.string());
}

}  // namespace hcisim::frontend
