// grk/python/text.hpp: Python str semantics over UTF-8 text (reference 0,
// 3.2-3.6, 4.1): one include for all of grk/python.
#ifndef GRK_PYTHON_TEXT_HPP
#define GRK_PYTHON_TEXT_HPP

#include <grk/python/code_points.hpp>
#include <grk/python/int_parse.hpp>
#include <grk/python/lines.hpp>
#include <grk/python/repr.hpp>
#include <grk/python/utf8.hpp>
#include <grk/python/whitespace.hpp>

#endif
