// The tree-sitter-swift grammar (scripts/vendor-tree-sitter writes this file).
#pragma once
typedef struct TSLanguage TSLanguage;
const TSLanguage *tree_sitter_swift(void);
