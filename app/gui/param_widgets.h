#pragma once
// A page's inputs configured from the fields an engine declares once (core/common/params.h): the
// range, the default and the tooltip (the field's help, where the page wrote none) come from the field, so that the
// page, vantage-cli and the run parameters agree. Each input keeps its field's JSON key in the
// property kParamKeyProperty, where a test finds it.

#include "common/params.h"

#include <QtGlobal>

class QCheckBox;
class QString;
class QComboBox;
class QDoubleSpinBox;
class QLineEdit;
class QSpinBox;
class QWidget;

namespace vantage::gui {

inline constexpr char kParamKeyProperty[] = "paramKey";

// The field's help in the user's language (core's texts are translated in the context "Params").
QString helpText(const params::FieldInfo& field);

// Range (clamped to int), default and tooltip of a whole-number field.
void configureInput(QSpinBox* box, const params::FieldInfo& field);
// Range (an excluded lower end: the next step above it), default and tooltip of a real field.
void configureInput(QDoubleSpinBox* box, const params::FieldInfo& field);
// Default and tooltip of a flag.
void configureInput(QCheckBox* box, const params::FieldInfo& field);
// Default text and tooltip of a text, a path, a list of numbers or items (a host file's path: the
// command line's text of the field).
void configureInput(QLineEdit* edit, const params::FieldInfo& field);
// Selects the default of an enum field in a combo box whose items carry the canonical names as
// their data (added by the page with translated labels, one item per name).
void configureInput(QComboBox* box, const params::FieldInfo& field);

// The field of `table` with this key; a key the table lacks is a programmer error.
template <typename S> const params::FieldInfo& fieldOf(const params::Table<S>& table, std::string_view key)
{
    const auto* field = params::find(table, key);
    Q_ASSERT_X(field, "fieldOf", "a page names a field its engine does not declare");
    return field->info;
}

} // namespace vantage::gui
