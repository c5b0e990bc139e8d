// grk/python/text.hpp: Python str semantics over UTF-8 text (docs/behaviour/python-compat.md §2-§8,
// docs/behaviour/beir.md §2-§6, docs/behaviour/judgments.md §1): one include for all of grk/python.
#ifndef GRK_PYTHON_TEXT_HPP
#define GRK_PYTHON_TEXT_HPP

#include <grk/python/code_points.hpp>
#include <grk/python/int_parse.hpp>
#include <grk/python/lines.hpp>
#include <grk/python/repr.hpp>
#include <grk/python/utf8.hpp>
#include <grk/python/whitespace.hpp>

#endif
