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
// Selects the default of an enum field in a combo box whose items carry the canonical names as
// their data (added by the page with translated labels, one item per name); of a text field, the
// item whose data is the default (a box of the values this machine offers, such as its devices).
void configureInput(QComboBox* box, const params::FieldInfo& field);
// Default text and tooltip of a text, a path, a list of numbers, items (a host file's path: the
// command line's text of the field) or a byte size typed in a line edit. A byte size's default of 0
// ("auto") is the empty text, which the page's placeholder explains.
void configureInput(QLineEdit* edit, const params::FieldInfo& field);
// The value a line edit holds for its field: the default when it is empty, else its text as the
// field reads it ("512M" for a byte size); Error::invalidInput naming the field when it is refused.
params::Value inputValue(const QLineEdit* edit, const params::FieldInfo& field);

// The field of `table` with this key; a key the table lacks is a programmer error.
template <typename S> const params::FieldInfo& fieldOf(const params::Table<S>& table, std::string_view key)
{
    const auto* field = params::find(table, key);
    Q_ASSERT_X(field, "fieldOf", "a page names a field its engine does not declare");
    return field->info;
}

// Sets the field `key` of `out` from a line edit (inputValue).
template <typename S> void readInput(const QLineEdit* edit, const params::Table<S>& table, std::string_view key, S& out)
{
    const auto* field = params::find(table, key);
    Q_ASSERT_X(field, "readInput", "a page names a field its engine does not declare");
    field->set(out, inputValue(edit, field->info));
}

} // namespace vantage::gui
