// libxml2, for the storyboard and xib importer: the streaming reader only. Documents are read with
// the network, DTD loading and entity substitution off (see StoryboardReader.swift).
#ifndef ROTATION_LAB_CXML_SHIM_H
#define ROTATION_LAB_CXML_SHIM_H
#include <libxml/parser.h>
#include <libxml/xmlreader.h>
#include <libxml/xmlerror.h>

// xmlFree is a function-pointer variable (a macro in threaded builds): one call Swift can make.
static inline void rl_xml_free(void *pointer) { xmlFree(pointer); }
#endif
