// Shared command-line parsing for the subcommands (Boost.Program_options).
#pragma once

#include <boost/program_options.hpp>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "tools/frontend/base/output_file.hpp"

namespace hcisim::cli {

// Parses `args` against `options` (+ positionals); unknown options and extra
// positionals are errors. Returns false (after printing help) for --help.
bool parse_command_line(const std::vector<std::string>& args, const std::string& usage,
                        boost::program_options::options_description& options,
                        const boost::program_options::positional_options_description& positional,
                        boost::program_options::variables_map& vm);

// An output option (--json, --csv), opened for checking before anything is
// simulated: a bad path is command-line misuse (UsageError). Null when not given.
std::unique_ptr<frontend::OutputFile> output_option(const boost::program_options::variables_map& vm,
                                                    const std::string& name);
// The given outputs (nulls skipped) name different files, or a UsageError.
void require_distinct_outputs(std::vector<const frontend::OutputFile*> outputs);
// A duration option ("500ms"), or a UsageError naming --name.
std::int64_t duration_option(const std::string& name, const std::string& text);
// With --fast: the fast path is a steady-state answer with no random numbers,
// so --seed, --duration and --warmup would change nothing; a UsageError names
// the first one given.
void refuse_run_controls_with_fast(const boost::program_options::variables_map& vm);
// --precision 2% and --precision-percentiles read.p99,write.p99 as the --sets
// they stand for (run.precision, run.precision_percentiles), appended to `sets`.
void add_precision_sets(const boost::program_options::variables_map& vm, std::vector<std::string>& sets);
// Their help, for `run` (one run) or `sweep` (each point).
void add_precision_options(boost::program_options::options_description& options, const char* what_stops);

}  // namespace hcisim::cli
