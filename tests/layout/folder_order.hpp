// The folder order of sim/, models/ (models/folder_order.txt) and tools/
// (tools/folder_order.txt, read on top of it) and the check
// of every #include against it: an include that points up the order, or across
// to a folder that is not below, is a violation named by file, line and include.
#pragma once

#include <filesystem>
#include <map>
#include <set>
#include <string>
#include <vector>

namespace hcisim::layout {

// The folders, lowest first, each with the folders it may include: those its
// line names and, transitively, whatever they may include.
struct FolderOrder {
  std::vector<std::string> folders;                          // in the file's order
  std::map<std::string, std::set<std::string>> may_include;  // transitive, without the folder itself
};

// Reads the order file: one folder per line, then the folders it includes
// directly ("-": none), each declared on an earlier line (so the order has no
// cycle); '#' starts a comment. Throws std::runtime_error naming file:line.
FolderOrder read_folder_order(const std::filesystem::path& file);
// The same on top of `below`: the file's lines come after its folders and may name them.
FolderOrder read_folder_order(const std::filesystem::path& file, FolderOrder below);

// The folder a path from the source root belongs to: "models/X" for anything
// under models/X/; the folder that holds it under tools/ ("tools/cli",
// "tools/frontend/input"); else its first component ("sim").
std::string folder_of(const std::string& path);

struct Violation {
  std::string file;     // from the source root
  int line = 0;         // 0: about the file or folder as a whole
  std::string include;  // as written; empty when about the folder
  std::string why;
};
std::string to_string(const Violation& v);

// Every file under `root`/sim and `root`/models, and under `root`/tools when
// the order names a tools/ folder: each `#include "..."` (and
// `#include <sim|models|tools/...>`) must name a path from the source root in
// the file's own folder or one it may include; every models/ folder on disk
// (and every tools/ folder holding sources, when tools/ is checked) must be in
// the order and every folder in the order on disk.
std::vector<Violation> check_tree(const std::filesystem::path& root, const FolderOrder& order);

}  // namespace hcisim::layout
