// libxml2, for the storyboard and xib importer: the streaming reader only. Documents are read with
// the network, DTD loading and entity substitution off (see StoryboardReader.swift).
#ifndef ROTATION_LAB_CXML_SHIM_H
#define ROTATION_LAB_CXML_SHIM_H
// Debian's libxml2 is built with ICU, and its encoding header then includes ICU's C headers,
// whose types clash with the copy Foundation carries (_FoundationICU) in any file that imports
// both. The importer never touches an encoding handler's fields (the only place ICU appears),
// so the headers are read as for a build without ICU.
#include <libxml/xmlversion.h>
#undef LIBXML_ICU_ENABLED
#include <libxml/parser.h>
#include <libxml/xmlreader.h>
#include <libxml/xmlerror.h>

// xmlFree is a function-pointer variable (a macro in threaded builds): one call Swift can make.
static inline void rl_xml_free(void *pointer) { xmlFree(pointer); }
#endif
