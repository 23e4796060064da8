// Shared command-line parsing for the subcommands (Boost.Program_options).
#pragma once

#include <boost/program_options.hpp>
#include <string>
#include <vector>

namespace hcisim::cli {

// Parses `args` against `options` (+ positionals); unknown options and extra
// positionals are errors. Returns false (after printing help) for --help.
bool parse_command_line(const std::vector<std::string>& args, const std::string& usage,
                        boost::program_options::options_description& options,
                        const boost::program_options::positional_options_description& positional,
                        boost::program_options::variables_map& vm);

}  // namespace hcisim::cli
