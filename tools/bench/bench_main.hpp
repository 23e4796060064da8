// The bench programs take their arguments as the hcisim command line does
// (cli::parse_command_line: Boost.Program_options, --help, unknown options and
// malformed values refused): run_bench() runs a program's body and turns a
// usage error into one line on stderr and exit status 2, any other error into
// one line and exit status 1.
#pragma once

#include <cstdio>
#include <exception>
#include <string>
#include <vector>

#include "tools/cli/commands.hpp"
#include "tools/cli/options.hpp"

namespace hcisim::bench {

// A value that must be at least `low`, or a usage error naming the option.
template <class T>
void require_at_least(const char* option, T value, T low) {
  if (value < low) throw cli::UsageError{std::string(option) + ": expected at least " + std::to_string(low)};
}

// cli::parse_command_line with the bare arguments going to option `positional`
// (at most `max_positional` of them, -1 = any): false when --help was asked for.
inline bool parse_bench_args(const std::vector<std::string>& args, const std::string& usage,
                             boost::program_options::options_description& options, const char* positional,
                             int max_positional, boost::program_options::variables_map& vm) {
  boost::program_options::positional_options_description bare;
  bare.add(positional, max_positional);
  return cli::parse_command_line(args, usage, options, bare, vm);
}

template <class Body>
int run_bench(const char* name, int argc, char** argv, Body body) {
  try {
    return body(std::vector<std::string>(argv + 1, argv + argc));
  } catch (const cli::UsageError& e) {
    std::fprintf(stderr, "%s: %s (see %s --help)\n", name, e.message.c_str(), name);
  } catch (const boost::program_options::error& e) {
    std::fprintf(stderr, "%s: %s (see %s --help)\n", name, e.what(), name);
  } catch (const std::exception& e) {
    std::fprintf(stderr, "%s: %s\n", name, e.what());
    return 1;
  }
  return 2;
}

}  // namespace hcisim::bench
