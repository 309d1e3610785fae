// Cairo, its PNG/PDF/SVG back ends, and PangoCairo for text, as one Clang module for Swift.
// Macros that Swift cannot import are wrapped below as one documented inline function each.
#ifndef ROTATION_LAB_CCAIRO_SHIM_H
#define ROTATION_LAB_CCAIRO_SHIM_H

#include <cairo.h>
#include <cairo-pdf.h>
#include <cairo-svg.h>
#include <pango/pangocairo.h>

/// PANGO_SCALE: Pango units per device unit.
static inline int rl_pango_scale(void) { return PANGO_SCALE; }

#endif
