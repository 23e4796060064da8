#include "tools/cli/options.hpp"

#include <cctype>
#include <iostream>

#include "tools/cli/commands.hpp"
#include "tools/frontend/base/message_text.hpp"
#include "tools/frontend/base/units.hpp"
#include "tools/frontend/input/suggestions.hpp"

namespace hcisim::cli {

namespace po = boost::program_options;

namespace {

// "--quiet", "-q": an option. "-" (standard output) and "-1" (a number, checked
// by the option that takes it) are values.
bool looks_like_option(const std::string& token) {
  if (token.size() < 2 || token[0] != '-') return false;
  return token[1] == '-' || std::isalpha(static_cast<unsigned char>(token[1]));
}

// An option that needs a value never takes the next option as it: `--json --quiet`
// would otherwise write a file named "--quiet".
void check_values_present(const std::vector<std::string>& args, const po::options_description& options) {
  for (std::size_t i = 0; i < args.size(); ++i) {
    const std::string& a = args[i];
    if (!looks_like_option(a) || a.find('=') != std::string::npos) continue;
    const bool long_form = a[1] == '-';
    if (!long_form && a.size() != 2) continue;  // -qfoo: Boost reads the rest as the value
    // Boost names a short option with its dash ("-q") and lets a long one be abbreviated.
    const po::option_description* option =
        long_form ? options.find_nothrow(a.substr(2), true) : options.find_nothrow(a, false);
    if (option == nullptr || option->semantic()->max_tokens() == 0) continue;
    if (i + 1 == args.size()) throw UsageError{a + " needs a value"};
    if (looks_like_option(args[i + 1])) {
      throw UsageError{a + " needs a value, got the option " + frontend::in_quotes(args[i + 1]) + " (write " + a +
                       "=VALUE for a value that starts with '-')"};
    }
  }
}

// "unknown option '--durations'; did you mean --duration?": the command's own
// long options close to the one given (suggestions.hpp), each with its dashes.
std::string unknown_option_text(const std::string& given, const po::options_description& options) {
  std::string name = given;
  while (!name.empty() && name.front() == '-') name.erase(0, 1);
  const std::size_t equals = name.find('=');
  if (equals != std::string::npos) name.erase(equals);
  std::vector<std::string> known;
  for (const auto& option : options.options()) {
    if (!option->long_name().empty()) known.push_back(option->long_name());
  }
  std::string text = "unknown option " + frontend::in_quotes(given);
  std::vector<std::string> near = name.empty() ? std::vector<std::string>{} : frontend::near_names(name, known);
  if (near.size() > 3) near.resize(3);
  for (std::size_t i = 0; i < near.size(); ++i) {
    text += (i == 0 ? "; did you mean --" : i + 1 == near.size() ? " or --" : ", --") + near[i];
  }
  return text + (near.empty() ? "" : "?");
}

}  // namespace

bool parse_command_line(const std::vector<std::string>& args, const std::string& usage,
                        po::options_description& options, const po::positional_options_description& positional,
                        po::variables_map& vm) {
  options.add_options()("help,h", "this help");
  check_values_present(args, options);
  try {
    po::store(po::command_line_parser(args).options(options).positional(positional).run(), vm);
  } catch (const po::unknown_option& e) {
    throw UsageError{unknown_option_text(e.get_option_name(), options)};
  }
  if (vm.count("help")) {
    std::cout << usage << "\n" << options << "\n";
    return false;
  }
  po::notify(vm);
  return true;
}

std::unique_ptr<frontend::OutputFile> output_option(const po::variables_map& vm, const std::string& name) {
  if (!vm.count(name)) return nullptr;
  try {
    return std::make_unique<frontend::OutputFile>(vm[name].as<std::string>());
  } catch (const frontend::OutputError& e) {
    throw UsageError{"--" + name + ": " + e.what()};
  }
}

void require_distinct_outputs(std::vector<const frontend::OutputFile*> outputs) {
  std::erase(outputs, nullptr);
  if (outputs.size() < 2) return;
  try {
    frontend::require_distinct(outputs);
  } catch (const frontend::OutputError& e) {
    throw UsageError{e.what()};
  }
}

std::int64_t duration_option(const std::string& name, const std::string& text) {
  try {
    return frontend::parse_duration_ns(text);
  } catch (const std::invalid_argument& e) {
    throw UsageError{"--" + name + ": " + e.what()};
  }
}

void refuse_run_controls_with_fast(const boost::program_options::variables_map& vm) {
  if (!vm.count("fast")) return;
  for (const char* control : {"seed", "duration", "warmup", "precision", "precision-percentiles", "no-fast-forward"}) {
    if (vm.count(control)) {
      throw UsageError{std::string("--") + control +
                       " changes a simulation; the fast path answers for the steady state, with no random numbers "
                       "and no run length: drop --" +
                       control + " or --fast"};
    }
  }
}

void add_precision_sets(const boost::program_options::variables_map& vm, std::vector<std::string>& sets) {
  if (vm.count("precision")) sets.push_back("run.precision=" + vm["precision"].as<std::string>());
  if (vm.count("precision-percentiles")) {
    sets.push_back("run.precision_percentiles=[" + vm["precision-percentiles"].as<std::string>() + "]");
  }
  if (vm.count("no-fast-forward")) sets.push_back("run.fast_forward=off");
}

void add_precision_options(boost::program_options::options_description& options, const char* what_stops) {
  namespace po = boost::program_options;
  options.add_options()(
      "precision", po::value<std::string>(),
      (std::string(what_stops) + " once the 95 % intervals of IOPS and of the mean latency are within this share, "
                                 "e.g. 2%\n(as --set run.precision=2%: the duration is then the most it measures)")
          .c_str())(
      "precision-percentiles", po::value<std::string>(),
      "latency percentiles the precision covers too, e.g. read.p99,write.p99 (read, write or lat; p50, p90, p99 or\n"
      "p999; as --set run.precision_percentiles=[read.p99,write.p99])")(
      "no-fast-forward",
      "simulate every I/O of a failure timeline, where its steady spans are otherwise skipped at their measured\n"
      "pace (as --set run.fast_forward=off)");
}

}  // namespace hcisim::cli
